import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@building/events/streams';
import { missing } from '@building/infra/testing/infra-availability';
import { people, scriptedBuilding } from '@building/domain/testing/scripted-building';
import { createQueryHarness, type QueryHarness } from './testing/query-harness.ts';

const alice = encodeURIComponent(people.alice.email);
const march = { si: 1, apartment: 'A-101', month: 'March', year: 2026, email: people.alice.email } as const;

describe.skipIf(missing('postgres'))('GET /account/:email', () => {
  let q: QueryHarness;
  let script: Awaited<ReturnType<typeof scriptedBuilding>>;

  beforeAll(async () => {
    q = await createQueryHarness('account_routes');
    script = await scriptedBuilding(q.history);
    // Alice's March: a water charge on the 2nd, part paid by bKash on the 3rd.
    const leaseId = randomUUID();
    await q.store.append(
      [
        {
          stream: streams.payment(1, 2026, 'March'),
          expectedVersion: 0,
          events: [
            {
              type: 'ChargeAdded',
              data: {
                ...march,
                name: 'Alice',
                leaseId,
                chargeId: randomUUID(),
                block: 'A',
                kind: 'water',
                amountPoisha: 45_050,
                description: 'Pump repair',
                origin: 'admin',
                addedBy: people.admin.email,
                addedAt: '2026-03-02T04:00:00.000Z',
              },
            },
            {
              type: 'OfflinePaymentRecorded',
              data: {
                ...march,
                name: 'Alice',
                leaseId,
                paymentId: randomUUID(),
                method: 'bkash',
                reference: 'TXN8H2K',
                amountPoisha: 500_000,
                recordedBy: people.admin.email,
                recordedAt: '2026-03-03T04:00:00.000Z',
              },
            },
          ],
        },
      ],
      { now: new Date('2026-03-03T04:00:00Z'), actor: 'system', correlationId: randomUUID() },
    );
    await q.catchUp();
  });
  afterAll(() => q?.close());

  it('answers every line in date order with its running balance, what is owed, and each month', async () => {
    const reply = await q.get(`/account/${alice}?at=2026-03-10`, { as: people.alice.email });
    expect(reply.status).toBe(200);
    const march = reply.body.lines.filter((l: { month: string }) => l.month === 'March');
    expect(march.map((l: { kind: string }) => l.kind)).toEqual(['rent', 'charge', 'payment']);
    expect(march[2]).toMatchObject({ method: 'bkash', reference: 'TXN8H2K', credit: 5_000 });
    const last = reply.body.lines.at(-1);
    expect(reply.body.balance).toBe(last.balance);
    const marchTotals = reply.body.months.find((m: { month: string }) => m.month === 'March');
    expect(marchTotals.paid).toBe(5_000);
    expect(marchTotals.owed - march[0].debit).toBe(450.5);
  });

  it('answers a past day as it was, only the owner or an admin, and 400 for a bad date', async () => {
    const before = await q.get(`/account/${alice}?at=2026-03-01`, { as: people.alice.email });
    expect(before.body.lines.some((l: { kind: string }) => l.kind === 'payment')).toBe(false);
    expect((await q.get(`/account/${alice}`, { as: people.bob.email })).status).toBe(403);
    expect((await q.get(`/account/${alice}`, { as: people.admin.email })).status).toBe(200);
    expect((await q.get(`/account/${alice}?at=soon`, { as: people.alice.email })).status).toBe(400);
  });
  it('answers every kind of line: card payment, refund, deposit, its payment and settlement, with the running balance', async () => {
    const dave = people.dave.email;
    // Dave's lease of apartment 3 has ended: his deposit is paid at the desk, then settled.
    await q.history.refundAtProvider(script.payments.daveMarch.transactionId, 100_000);
    await q.history.payDeposit(dave, 3, 1_000_000, 'cash', 'DESK-1');
    await q.history.settleDeposit(
      dave,
      3,
      [{ reason: 'Broken window', amountPoisha: 200_000 }],
      'bkash',
      'BK-9',
    );
    await q.catchUp();
    const reply = await q.get(`/account/${encodeURIComponent(dave)}`, { as: people.admin.email });
    expect(reply.status).toBe(200);
    const lines = reply.body.lines as Array<Record<string, unknown> & { kind: string; balance: number }>;
    const kinds = new Set(lines.map((l) => l.kind));
    for (const kind of ['rent', 'card-payment', 'refund', 'deposit', 'deposit-payment', 'deposit-release'])
      expect(kinds).toContain(kind);
    expect(kinds).toContain('deposit-deduction');
    expect(kinds).toContain('deposit-return');
    expect(lines.find((l) => l.kind === 'refund')).toMatchObject({
      month: 'March',
      debit: 1_000,
      method: 'card',
      reference: expect.stringMatching(/^re_/),
      refId: script.payments.daveMarch.transactionId,
    });
    expect(lines.find((l) => l.kind === 'deposit-payment')).toMatchObject({
      method: 'cash',
      reference: 'DESK-1',
    });
    expect(lines.find((l) => l.kind === 'deposit-return')).toMatchObject({
      method: 'bkash',
      reference: 'BK-9',
    });
    // Each line's balance is the one before it plus what it owes, less what it pays.
    let running = 0;
    for (const line of lines) {
      running += (line.debit as number) - (line.credit as number);
      expect(line.balance).toBeCloseTo(running, 2);
    }
    expect(reply.body.balance).toBeCloseTo(running, 2);
    // March (paid by card, then 1,000 taka refunded at the provider) counts the refund off what it paid.
    const card = lines.find((l) => l.kind === 'card-payment' && l.month === 'March' && l.si === 3)!;
    const marchTotals = reply.body.months.find(
      (m: { si: number; month: string }) => m.si === 3 && m.month === 'March',
    );
    expect(marchTotals.paid).toBe((card.credit as number) - 1_000);
  });
});
