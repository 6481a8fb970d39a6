import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@building/events/streams';
import { missing } from '@building/infra/testing/infra-availability';
import { people, scriptedBuilding } from '@building/domain/testing/scripted-building';
import { createQueryHarness, type QueryHarness } from './testing/query-harness.ts';

const alice = encodeURIComponent(people.alice.email);
const dave = encodeURIComponent(people.dave.email);
// The scripted building happens on 5 January 2026; on 10 March (Dhaka) March is overdue.
const march10 = '2026-03-10';
const months = (ledger: { months: Array<{ month: string; status: string }> }) =>
  ledger.months.map((m) => `${m.month} ${m.status}`);

describe.skipIf(missing('postgres'))('the rent ledger routes', () => {
  let q: QueryHarness;
  let script: Awaited<ReturnType<typeof scriptedBuilding>>;

  beforeAll(async () => {
    q = await createQueryHarness('rent_ledger_routes');
    script = await scriptedBuilding(q.history);
    // The scheduler reminded alice of March on the 1st.
    await q.store.append(
      [
        {
          stream: streams.payment(1, 2026, 'March'),
          expectedVersion: 0,
          events: [
            {
              type: 'RentReminderIssued',
              data: {
                si: 1,
                apartment: 'A-101',
                month: 'March',
                year: 2026,
                email: people.alice.email,
                name: people.alice.name,
                kind: 'due',
                amountPoisha: 100,
                issuedAt: '2026-02-28T18:00:00.000Z',
              },
            },
          ],
        },
      ],
      { now: new Date('2026-02-28T18:00:00Z'), actor: 'system', correlationId: randomUUID() },
    );
    await q.catchUp();
  });
  afterAll(() => q?.close());

  it("answers a member's ledger month by month: paid with its transaction, overdue with its reminder", async () => {
    const reply = await q.get(`/rent-ledger/${alice}?at=${march10}`, { as: people.alice.email });
    expect(reply.status).toBe(200);
    const [lease] = reply.body.leases;
    expect(months(lease)).toEqual(['January paid', 'February paid', 'March overdue']);
    expect(lease.months[0].paid.transactionId).toBe(script.payments.aliceJanuary.transactionId);
    expect(lease.months[0].paid.couponCode).toBe('SAVE10');
    expect(lease.months[2].reminders).toEqual({ due: '2026-02-28T18:00:00.000Z', overdue: null });
    expect(reply.body.balancePoisha).toBe(lease.lease.rentPoisha);
    expect(reply.body.overduePoisha).toBe(lease.lease.rentPoisha);
  });

  it('answers a past date as it was then, and a date before the lease with no lease', async () => {
    // Just before January was paid (on the day the lease began): January was due, nothing more.
    const justBefore = new Date(Date.parse(script.payments.aliceJanuary.paidAt) - 1).toISOString();
    const then = await q.get(`/rent-ledger/${alice}?at=${encodeURIComponent(justBefore)}`, {
      as: people.alice.email,
    });
    expect(months(then.body.leases[0])).toEqual(['January due']);
    const before = await q.get(`/rent-ledger/${alice}?at=2025-12-31`, { as: people.alice.email });
    expect(before.body).toMatchObject({ leases: [], balancePoisha: 0 });
  });

  it('lets a former member read their own ledger, read-only, and nobody else', async () => {
    const own = await q.get(`/rent-ledger/${dave}?at=${march10}`, { as: people.dave.email });
    expect(own.status).toBe(200);
    expect(
      own.body.leases.map((l: { lease: { si: number }; active: boolean }) => [l.lease.si, l.active]),
    ).toEqual([
      [3, false],
      [4, false],
    ]);
    expect(own.body.leases.map(months)).toEqual([['January overdue'], ['January overdue']]);
    expect((await q.get(`/rent-ledger/${dave}`, { as: people.bob.email })).status).toBe(403);
    expect((await q.get(`/rent-ledger/${dave}`, { as: people.admin.email })).status).toBe(200);
    expect((await q.get(`/rent-ledger/${dave}`)).status).toBe(401);
  });

  it('tells the admin who is overdue, for which months, and the totals', async () => {
    const reply = await q.get(`/overdue-rent?at=${march10}`, { as: people.admin.email });
    expect(reply.status).toBe(200);
    const rows = reply.body.rows as Array<{ email: string; si: number; months: Array<{ month: string }> }>;
    const owed = rows.map((r) => `${r.email} ${r.si} ${r.months.map((m) => m.month).join(',')}`).sort();
    expect(owed).toEqual([
      `${people.alice.email} 1 March`,
      `${people.dave.email} 3 January`,
      `${people.dave.email} 4 January`,
      `${people.frank.email} 6 January,February,March`,
    ]);
    expect(reply.body).toMatchObject({ members: 3, months: 6 });
    const total = rows.reduce((sum, r) => sum + (r as unknown as { overduePoisha: number }).overduePoisha, 0);
    expect(reply.body.amountPoisha).toBe(total);
    expect((await q.get('/overdue-rent', { as: people.alice.email })).status).toBe(403);
  });

  it('owes again what a refund at the provider gave back, shows it, and answers a date before it as it was', async () => {
    // Refunded on the day it was paid (the history's day), so January is the month it shows in.
    const january = script.payments.aliceJanuary;
    const part = 150_000;
    const refund = await q.history.refundAtProvider(january.transactionId, part);
    const again = await q.history.pay(people.alice.email, 1, 'January', 2026);
    expect(again.amountPoisha).toBe(part);
    await q.catchUp();
    const ledgerAt = async (at: string) => {
      const reply = await q.get(`/rent-ledger/${alice}?at=${encodeURIComponent(at)}`, {
        as: people.alice.email,
      });
      expect(reply.status).toBe(200);
      return reply.body.leases[0].months[0];
    };
    const moment = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

    // Before the refund: paid in full, no refund (the refund made later does not show).
    expect(await ledgerAt(moment(refund.refundedAt, -1))).toMatchObject({
      month: 'January',
      status: 'paid',
      owedPoisha: 0,
      paid: {
        transactionId: january.transactionId,
        amountPoisha: january.amountPoisha,
        couponCode: 'SAVE10',
      },
      refunds: [],
    });
    // After it: the part given back is owed again.
    const after = await ledgerAt(moment(refund.refundedAt, 0));
    expect(after).toMatchObject({
      owedPoisha: part,
      refunds: [{ amountPoisha: part, refundedAt: refund.refundedAt, transactionId: january.transactionId }],
    });
    expect(after.status).not.toBe('paid');
    // Paid again: settled, with both payments.
    expect(await ledgerAt(march10)).toMatchObject({
      status: 'paid',
      owedPoisha: 0,
      paid: { transactionId: january.transactionId },
      otherPayments: [{ transactionId: again.transactionId, amountPoisha: part }],
    });

    // The payment history: both payments and the refund, each once, the refund labelled by its reason.
    const history = await q.get(`/payments/${alice}?month=January`, { as: people.alice.email });
    const rows = (
      history.body as Array<{
        TransactionId: string;
        status: string;
        refundReason: string | null;
        price: number;
      }>
    )
      .filter((r) => r.refundReason !== 'duplicate-charge')
      .map((r) => [r.TransactionId, r.status, r.refundReason, r.price]);
    expect(rows).toEqual([
      [again.transactionId, 'paid', null, part / 100],
      [january.transactionId, 'refunded', 'provider-refund', part / 100],
      [january.transactionId, 'paid', null, january.amountPoisha / 100],
    ]);
  });

  it('refuses a bad date or email with a 400 naming it', async () => {
    for (const at of ['yesterday', '2026-13-01', '1999-12-31', '2026-03-10T10:00:00', '']) {
      const reply = await q.get(`/rent-ledger/${alice}?at=${encodeURIComponent(at)}`, {
        as: people.alice.email,
      });
      expect(reply.status, at).toBe(400);
      expect(reply.body.errors[0].field).toBe('at');
    }
    const admin = await q.get('/overdue-rent?at=soon', { as: people.admin.email });
    expect(admin.status).toBe(400);
    expect((await q.get('/rent-ledger/not-an-email', { as: people.admin.email })).status).toBe(400);
  });
});
