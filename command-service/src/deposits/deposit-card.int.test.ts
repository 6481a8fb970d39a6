import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { missing } from '@building/infra/testing/infra-availability';
import {
  accepted,
  admin,
  leasedSince,
  member,
  registered,
  requestId,
} from '@building/domain/testing/fixtures';
import { startPaymentsHarness, type PaymentsHarness } from '../payments/payments-harness.ts';

const mina = member('mina@building.test', 'Mina');
const rafi = member('rafi@building.test', 'Rafi');
const si = 7;
const leaseId = requestId(si);

/** Mina leases apartment 7 (24,000 taka) and owes two months of it as her deposit. */
const history: DomainEvent[] = [
  registered(mina),
  registered(rafi),
  registered(admin),
  { type: 'AdminGranted', data: { email: admin.email } },
  accepted(mina, si, si, leasedSince),
  { type: 'MemberPromoted', data: { email: mina.email, si } },
  {
    type: 'DepositOwed',
    data: {
      leaseId,
      si,
      apartment: '3A01',
      email: mina.email,
      name: 'Mina',
      months: 2,
      amountPoisha: 4_800_000,
      owedAt: leasedSince.toISOString(),
    },
  },
];

describe.skipIf(missing('postgres'))('a deposit paid by card and returned through the provider', () => {
  let h: PaymentsHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await startPaymentsHarness();
    await h.seed(...history);
    for (const who of [mina, rafi, admin]) tokens[who.email] = await h.tokenFor(who.email);
  });
  afterAll(async () => h?.stop());

  async function call(path: string, body: unknown, as = mina.email) {
    const response = await fetch(`${h.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[as]}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const depositEvents = async (type: string) =>
    (await h.eventsOf(streams.deposit(leaseId))).filter((e) => e.type === type);
  async function eventually<T>(read: () => Promise<T[]>, count: number): Promise<T[]> {
    for (let i = 0; i < 200; i++) {
      const found = await read();
      if (found.length >= count) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return read();
  }

  it('prices what the deposit owes on the server, and hands back the same intent', async () => {
    const first = await call('/deposits/payment-intent', { si, amount: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ payable: 48_000, amount: 4_800_000 });
    const intent = await h.stripe.paymentIntents.retrieve(String(first.body.paymentIntentId));
    expect(intent).toMatchObject({ amount: 4_800_000, currency: 'bdt' });
    expect(intent.metadata).toEqual({ deposit: leaseId, si: '7', email: mina.email, amount: '4800000' });
    const again = await call('/deposits/payment-intent', { si });
    expect(again.body.paymentIntentId).toBe(first.body.paymentIntentId);
    expect((await call('/deposits/payment-intent', { si }, rafi.email)).status).toBe(404);
  });

  it('records the deposit once, from the webhook and the member’s report alike', async () => {
    const { body } = await call('/deposits/payment-intent', { si });
    const intentId = String(body.paymentIntentId);
    await h.stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const [paid] = await eventually(() => depositEvents('DepositPaid'), 1);
    expect(paid!.data).toMatchObject({
      leaseId,
      method: 'card',
      reference: intentId,
      paymentId: intentId,
      amountPoisha: 4_800_000,
    });
    const reported = await call('/payment', { paymentIntentId: intentId });
    expect(reported).toMatchObject({ status: 200, body: { TransactionId: intentId } });
    expect((await call('/payment', { paymentIntentId: intentId }, rafi.email)).status).toBe(403);
    expect(await depositEvents('DepositPaid')).toHaveLength(1);
    expect((await call('/deposits/payment-intent', { si })).status).toBe(409);
  });

  it('after the lease ends, refunds the return to the card and names the refund, once', async () => {
    await h.seed({
      type: 'LeaseEnded',
      data: { si, userEmail: mina.email, endedAt: new Date().toISOString(), reason: 'member-demoted' },
    });
    const settle = () =>
      call(
        '/deposits/settle',
        { si, email: mina.email, deductions: [{ reason: 'Broken window', amount: 5_000 }], method: 'card' },
        admin.email,
      );
    const settled = await settle();
    expect(settled.status).toBe(200);
    const [event] = await depositEvents('DepositSettled');
    const [paid] = await depositEvents('DepositPaid');
    const refunds = await h.stripe.refunds.list({ payment_intent: String(paid!.data.paymentId) });
    expect(refunds.data.map((r) => r.amount)).toEqual([4_300_000]);
    expect(event!.data).toMatchObject({
      returnedPoisha: 4_300_000,
      method: 'card',
      reference: refunds.data[0]!.id,
    });
    expect((await settle()).status).toBe(409);
    const after = await h.stripe.refunds.list({ payment_intent: String(paid!.data.paymentId) });
    expect(after.data).toHaveLength(1);
  });
});
