import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import type { Caller } from '@building/domain/command-handling/caller';
import { accepted, apartment, registered, requested, requestId } from '@building/domain/testing/fixtures';
import { httpSpecFor } from '../testing/http-spec.ts';
import { freshEmail, nextUnique, startTestService, type TestService } from '../testing/test-service.ts';

/** A lease's deposit over HTTP: owed at acceptance, paid at the desk, settled once after the lease. */
let t: TestService;
let given: ReturnType<typeof httpSpecFor>;
beforeAll(async () => {
  // Three months, to see DEPOSIT_MONTHS reach the decision.
  t = await startTestService({ depositMonths: 3 });
  given = httpSpecFor(t);
});
afterAll(() => t.close());

const person = (role: Caller['role'], prefix: string): Caller => ({
  email: freshEmail(prefix),
  role,
  name: prefix,
});
const joined = (who: Caller): DomainEvent[] =>
  who.role === 'admin'
    ? [registered(who), { type: 'AdminGranted', data: { email: who.email } }]
    : [registered(who)];
const leasedSince = new Date('2026-11-26T04:00:00.000Z');

/** A fresh admin, member and apartment (rent 24,000 taka), leased with a two-month deposit owed. */
function building() {
  const [desk, mina, si] = [person('admin', 'desk'), person('member', 'mina'), 910_000 + nextUnique()];
  const leaseId = requestId(si);
  const owed: DomainEvent = {
    type: 'DepositOwed',
    data: {
      leaseId,
      si,
      apartment: '3A01',
      email: mina.email,
      name: mina.name,
      months: 2,
      amountPoisha: 4_800_000,
      owedAt: leasedSince.toISOString(),
    },
  };
  const history = [
    ...joined(desk),
    ...joined(mina),
    { type: 'ApartmentListed', data: apartment(si) } as DomainEvent,
    accepted(mina, si, si, leasedSince),
    owed,
  ];
  const ended: DomainEvent = {
    type: 'LeaseEnded',
    data: { si, userEmail: mina.email, endedAt: '2027-01-10T04:00:00.000Z', reason: 'member-demoted' },
  };
  const pay = (amount: unknown, reference = 'BRAC-0042', more: Record<string, unknown> = {}) => ({
    method: 'POST' as const,
    path: '/deposits/payments',
    as: desk.email,
    body: { si, email: mina.email, method: 'bank', reference, amount, ...more },
  });
  const settle = (body: Record<string, unknown>, as = desk.email) => ({
    method: 'POST' as const,
    path: '/deposits/settle',
    as,
    body: { si, email: mina.email, method: 'cash', reference: 'DESK-17', ...body },
  });
  const paid = (amountPoisha: number, reference = 'BRAC-0042'): DomainEvent => ({
    type: 'DepositPaid',
    data: {
      leaseId,
      si,
      email: mina.email,
      paymentId: expect.any(String),
      method: 'bank',
      reference,
      amountPoisha,
      recordedBy: desk.email,
      paidAt: expect.any(String),
    },
  });
  return { desk, mina, si, leaseId, history, ended, pay, settle, paid };
}

describe('PUT /acceptAgreement', () => {
  it('has the lease owe DEPOSIT_MONTHS months of its rent as its deposit, in the same decision', async () => {
    const [desk, rafi, si] = [person('admin', 'desk'), person('user', 'rafi'), 920_000 + nextUnique()];
    const reply = await given(
      ...joined(desk),
      ...joined(rafi),
      { type: 'ApartmentListed', data: apartment(si) } as DomainEvent,
      requested(rafi, si, si),
    )
      .when({ method: 'PUT', path: '/acceptAgreement', as: desk.email, body: { si, email: rafi.email } })
      .then(
        { status: 200 },
        expect.objectContaining({ type: 'AgreementAccepted' }),
        expect.objectContaining({ type: 'MemberPromoted' }),
        {
          type: 'DepositOwed',
          data: expect.objectContaining({ leaseId: requestId(si), months: 3, amountPoisha: 7_200_000 }),
        },
      );
    expect(reply.body.modifiedCount).toBe(1);
  });
});

describe('POST /deposits/payments', () => {
  it('records part of the deposit by bank, and the same reference once', async () => {
    const b = building();
    await given(...b.history)
      .when(b.pay('20000.50'))
      .then({ status: 200, body: { recorded: true } }, b.paid(2_000_050));
    await given()
      .when(b.pay(20000.5))
      .then({ status: 200, body: { recorded: false } });
  });

  it('refuses more than the deposit still owes, a deposit paid in full, and a non-admin', async () => {
    const b = building();
    await given(...b.history)
      .when(b.pay(48_000.01))
      .thenRefused('payment-exceeds-owed', 409);
    await given().when(b.pay(48_000)).then({ status: 200 }, b.paid(4_800_000));
    await given().when(b.pay(1, 'BRAC-0043')).thenRefused('deposit-already-paid', 409);
    await given()
      .when({ ...b.pay(1, 'BRAC-0044'), as: b.mina.email })
      .thenRefused('admin-only', 403);
  });

  it('refuses zero, negative and three-decimal amounts, a card method and someone without a lease', async () => {
    const b = building();
    for (const amount of [0, -5, '10.123', 'ten']) {
      const reply = await given(...b.history)
        .when(b.pay(amount))
        .thenRefused('invalid-input', 400);
      expect(reply.body.errors).toEqual([expect.objectContaining({ field: 'amount' })]);
    }
    await given()
      .when(b.pay(100, 'R', { method: 'card' }))
      .thenRefused('invalid-input', 400);
    await given()
      .when(b.pay(100, 'R', { email: freshEmail('nobody') }))
      .thenRefused('deposit-not-found', 404);
  });
});

describe('POST /deposits/settle', () => {
  const window = [{ reason: 'Broken window', amount: 5_000 }];

  it('waits for the lease to end, then keeps the deductions and returns the rest, once', async () => {
    const b = building();
    await given(...b.history)
      .when(b.pay(48_000))
      .then({ status: 200 }, b.paid(4_800_000));
    await given()
      .when(b.settle({ deductions: window }))
      .thenRefused('lease-still-active', 409);
    await given(b.ended)
      .when(b.settle({ deductions: window }))
      .then(
        { status: 200, body: { modifiedCount: 1 } },
        {
          type: 'DepositSettled',
          data: {
            leaseId: b.leaseId,
            si: b.si,
            email: b.mina.email,
            name: b.mina.name,
            owedPoisha: 4_800_000,
            heldPoisha: 4_800_000,
            deductions: [{ reason: 'Broken window', amountPoisha: 500_000 }],
            returnedPoisha: 4_300_000,
            method: 'cash',
            reference: 'DESK-17',
            settledBy: b.desk.email,
            settledAt: expect.any(String),
          },
        },
      );
    await given()
      .when(b.settle({ deductions: [] }))
      .thenRefused('deposit-already-settled', 409);
  });

  it('refuses deductions above the deposit held, a card return of a deposit paid at the desk, a non-admin', async () => {
    const b = building();
    await given(...b.history, b.ended)
      .when(b.pay(1_000))
      .then({ status: 200 }, b.paid(100_000));
    await given()
      .when(b.settle({ deductions: window }))
      .thenRefused('deductions-exceed-deposit', 400);
    await given()
      .when(b.settle({ deductions: [], method: 'card', reference: undefined }))
      .thenRefused('deposit-not-paid-by-card', 409);
    await given()
      .when(b.settle({ deductions: [] }, b.mina.email))
      .thenRefused('admin-only', 403);
  });

  it('refuses a cash return without its reference and bad deductions, naming the field', async () => {
    const b = building();
    const noReference = await given(...b.history, b.ended)
      .when(b.settle({ deductions: [], reference: undefined }))
      .thenRefused('invalid-input', 400);
    expect(noReference.body.errors).toEqual([expect.objectContaining({ field: 'reference' })]);
    for (const deductions of [[{ reason: '', amount: 5 }], [{ reason: 'Paint', amount: -5 }], 'all']) {
      const reply = await given().when(b.settle({ deductions })).thenRefused('invalid-input', 400);
      expect(reply.body.errors[0].field).toMatch(/^deductions/);
    }
  });
});
