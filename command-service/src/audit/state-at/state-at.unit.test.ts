import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@building/events/envelope';
import type { DomainEvent, EventData } from '@building/events/catalogue';
import { buildingState } from './building-state.ts';
import { emptyReplay, foldAt } from './state-at.ts';

let position = 0;
const versions = new Map<string, number>();
function event(stream: string, occurredAt: string, domain: DomainEvent): StoredEvent {
  const version = (versions.get(stream) ?? 0) + 1;
  versions.set(stream, version);
  return {
    id: randomUUID(),
    stream,
    version,
    position: ++position,
    type: domain.type,
    schemaVersion: domain.type === 'AgreementRequested' ? 2 : 1,
    data: domain.data as Record<string, unknown>,
    occurredAt,
    actor: 'system',
    correlationId: randomUUID(),
    causationId: null,
    prevHash: null,
    hash: '0'.repeat(64),
  };
}

const lease = { si: 7, apartment: 'A7', block: 'A', floor: 2, room: '7', rent: 12000 };
const accepted = (at: string, userEmail: string) =>
  event('agreement-7', at, {
    type: 'AgreementAccepted',
    data: { ...lease, requestId: randomUUID(), userEmail, userName: 'Rina', acceptedAt: at },
  });
const couponId = randomUUID();
const log: StoredEvent[] = [
  accepted('2026-01-10T10:00:00.000Z', 'rina@example.com'),
  event(`coupon-${couponId}`, '2026-01-11T10:00:00.000Z', {
    type: 'CouponAdded',
    data: { couponId, code: 'EID10', discount: 10, description: 'Eid' },
  }),
  event('payment-7-2026-january', '2026-01-12T10:00:00.000Z', {
    type: 'RentPaymentStarted',
    data: {
      paymentIntentId: 'pi_1',
      si: 7,
      month: 'January',
      year: 2026,
      email: 'rina@example.com',
      rentPoisha: 1_200_000,
      discount: 10,
      couponCode: 'EID10',
      amountPoisha: 1_080_000,
    },
  }),
  event('payment-7-2026-january', '2026-01-12T10:01:00.000Z', {
    type: 'RentPaid',
    data: {
      ...lease,
      paymentIntentId: 'pi_1',
      transactionId: 'ch_1',
      month: 'January',
      year: 2026,
      email: 'rina@example.com',
      name: 'Rina',
      rentPoisha: 1_200_000,
      discount: 10,
      couponCode: 'EID10',
      amountPoisha: 1_080_000,
      paidAt: '2026-01-12T10:01:00.000Z',
    },
  }),
  event(`coupon-${couponId}`, '2026-02-01T10:00:00.000Z', { type: 'CouponDisabled', data: { couponId } }),
  event('agreement-7', '2026-02-15T10:00:00.000Z', {
    type: 'LeaseEnded',
    data: {
      si: 7,
      userEmail: 'rina@example.com',
      endedAt: '2026-02-15T10:00:00.000Z',
      reason: 'member-demoted',
    },
  }),
];
const foldUntil = (at: string, events = log) =>
  buildingState(events.reduce(foldAt, emptyReplay(new Date(at))));

describe('the building at a point in time, from the log alone', () => {
  it('knows nothing before the first event', () => {
    const state = foldUntil('2026-01-01T00:00:00Z');
    expect(state.events).toBe(0);
    expect(state.holders).toEqual({});
  });

  it('shows the holder, the available coupon and the paid rent in January', () => {
    const state = foldUntil('2026-01-20T00:00:00Z');
    expect(state.holders[7]).toMatchObject({
      userEmail: 'rina@example.com',
      since: '2026-01-10T10:00:00.000Z',
    });
    expect(state.coupons[couponId]).toMatchObject({ code: 'EID10', status: 'available' });
    expect(state.payments.pi_1).toMatchObject({
      status: 'paid',
      transactionId: 'ch_1',
      amountPoisha: 1_080_000,
    });
  });

  it('shows a payment still in flight between its start and its success', () => {
    expect(foldUntil('2026-01-12T10:00:30Z').payments.pi_1?.status).toBe('started');
  });

  it('includes an event that occurred exactly at the moment asked for', () => {
    expect(foldUntil('2026-02-01T10:00:00.000Z').coupons[couponId]?.status).toBe('unavailable');
  });

  it('frees the apartment when the lease ends', () => {
    const state = foldUntil('2026-03-01T00:00:00Z');
    expect(state.holders[7]).toBeUndefined();
    expect(state.events).toBe(log.length);
  });

  it('a failure notice after success does not undo a paid rent', () => {
    const failed = event('payment-7-2026-january', '2026-01-12T10:02:00.000Z', {
      type: 'RentPaymentFailed',
      data: {
        paymentIntentId: 'pi_1',
        si: 7,
        month: 'January',
        year: 2026,
        email: 'rina@example.com',
        code: 'card_declined',
        message: 'declined',
      },
    });
    expect(foldUntil('2026-01-20T00:00:00Z', [...log, failed]).payments.pi_1?.status).toBe('paid');
  });

  it('a failed attempt is recorded with its reason', () => {
    const failed = event('payment-8-2026-january', '2026-01-13T10:00:00.000Z', {
      type: 'RentPaymentFailed',
      data: {
        paymentIntentId: 'pi_2',
        si: 8,
        month: 'January',
        year: 2026,
        email: 'x@example.com',
        code: 'card_declined',
        message: 'declined',
      },
    });
    expect(foldUntil('2026-01-20T00:00:00Z', [failed]).payments.pi_2).toMatchObject({
      status: 'failed',
      failure: 'card_declined: declined',
    });
  });

  it('a second charge of a paid month shows as refunded; the month stays paid by the first', () => {
    const again = event('payment-7-2026-january', '2026-01-12T10:02:00.000Z', {
      type: 'RentPaymentStarted',
      data: { ...(log[2]!.data as EventData<'RentPaymentStarted'>), paymentIntentId: 'pi_2' },
    });
    const refunded = event('payment-7-2026-january', '2026-01-12T10:03:00.000Z', {
      type: 'RentRefunded',
      data: {
        paymentIntentId: 'pi_2',
        refundId: 're_1',
        si: 7,
        month: 'January',
        year: 2026,
        email: 'rina@example.com',
        amountPoisha: 1_080_000,
        reason: 'duplicate-charge',
        refundedAt: '2026-01-12T10:03:00.000Z',
      },
    });
    const { payments } = foldUntil('2026-01-20T00:00:00Z', [...log, again, refunded]);
    expect(payments.pi_1?.status).toBe('paid');
    expect(payments.pi_2).toMatchObject({
      status: 'refunded',
      amountPoisha: 1_080_000,
      couponCode: 'EID10',
      refund: 'duplicate-charge: re_1',
    });
  });

  it('names a malformed event instead of folding it', () => {
    const bad = { ...log[1]!, data: { couponId: 'not-a-uuid' } };
    const state = foldUntil('2026-03-01T00:00:00Z', [bad]);
    expect(state.coupons).toEqual({});
    expect(state.skipped).toEqual([expect.objectContaining({ stream: bad.stream, version: bad.version })]);
  });

  it('does not depend on folding the same events twice into separate states', () => {
    expect(foldUntil('2026-01-20T00:00:00Z')).toEqual(foldUntil('2026-01-20T00:00:00Z'));
  });

  it('answers the rent ledger at the moment: the same rows the query-service serves', () => {
    const reminded = event('payment-7-2026-february', '2026-01-31T18:00:00.000Z', {
      type: 'RentReminderIssued',
      data: {
        si: 7,
        apartment: 'A7',
        month: 'February',
        year: 2026,
        email: 'rina@example.com',
        name: 'Rina',
        kind: 'due',
        amountPoisha: 1_200_000,
        issuedAt: '2026-01-31T18:00:00.000Z',
      },
    });
    const months = (at: string) =>
      foldUntil(at, [...log, reminded]).rentLedger.map((l) =>
        l.months.map((m) => `${m.month} ${m.status}${m.reminders.due ? ' reminded' : ''}`),
      );
    expect(months('2026-01-11T00:00:00Z')).toEqual([['January due']]);
    expect(months('2026-02-10T00:00:00Z')).toEqual([['January paid', 'February overdue reminded']]);
    const ended = foldUntil('2026-04-01T00:00:00Z', [...log, reminded]).rentLedger[0];
    expect(ended).toMatchObject({ active: false, balancePoisha: 1_200_000 });
  });

  it('answers each deposit at the moment: owed, part paid, paid, settled with what was kept', () => {
    const leaseId = randomUUID();
    const stream = `deposit-${leaseId}`;
    const deposit = { leaseId, si: 7, email: 'rina@example.com' };
    const paid = (at: string, amountPoisha: number, reference: string) =>
      event(stream, at, {
        type: 'DepositPaid',
        data: {
          ...deposit,
          paymentId: randomUUID(),
          method: 'bank',
          reference,
          amountPoisha,
          recordedBy: 'admin@example.com',
          paidAt: at,
        },
      });
    const deposits = [
      event(stream, '2026-01-10T10:00:00.000Z', {
        type: 'DepositOwed',
        data: {
          ...deposit,
          apartment: 'A7',
          name: 'Rina',
          months: 2,
          amountPoisha: 2_400_000,
          owedAt: '2026-01-10T10:00:00.000Z',
        },
      }),
      paid('2026-01-11T10:00:00.000Z', 1_000_000, 'B-1'),
      paid('2026-01-12T10:00:00.000Z', 1_400_000, 'B-2'),
      event(stream, '2026-02-20T10:00:00.000Z', {
        type: 'DepositSettled',
        data: {
          ...deposit,
          name: 'Rina',
          owedPoisha: 2_400_000,
          heldPoisha: 2_400_000,
          deductions: [{ reason: 'Repainting', amountPoisha: 400_000 }],
          returnedPoisha: 2_000_000,
          method: 'cash',
          reference: 'DESK-1',
          settledBy: 'admin@example.com',
          settledAt: '2026-02-20T10:00:00.000Z',
        },
      }),
    ];
    const at = (moment: string) => foldUntil(moment, [...log, ...deposits]).deposits;
    expect(at('2026-01-10T12:00:00Z')).toEqual([
      expect.objectContaining({ status: 'owed', owedPoisha: 2_400_000, paidPoisha: 0, keptPoisha: null }),
    ]);
    expect(at('2026-01-11T12:00:00Z')).toEqual([
      expect.objectContaining({ status: 'part-paid', paidPoisha: 1_000_000 }),
    ]);
    expect(at('2026-02-01T00:00:00Z')).toEqual([
      expect.objectContaining({ status: 'paid', paidPoisha: 2_400_000 }),
    ]);
    expect(at('2026-03-01T00:00:00Z')).toEqual([
      expect.objectContaining({ status: 'settled', keptPoisha: 400_000, returnedPoisha: 2_000_000 }),
    ]);
  });
});

describe('a month’s account at a point in time', () => {
  const account = {
    si: 7,
    apartment: 'A7',
    month: 'January',
    year: 2026,
    email: 'rina@example.com',
    name: 'Rina',
  };
  const leaseId = '00000000-0000-4000-8000-000000000007';
  const chargeId = '22222222-2222-4222-8222-222222222222';
  const paymentId = '11111111-1111-4111-8111-111111111111';
  const withAccount = [
    ...log,
    event('tariff-service', '2026-01-01T00:00:00.000Z', {
      type: 'ChargePlanSet',
      data: {
        tariff: 'service',
        amountPoisha: 300_000,
        byBlock: null,
        setBy: 'admin@example.com',
        setAt: '2026-01-01T00:00:00.000Z',
      },
    }),
    event('payment-7-2026-january', '2026-01-13T10:00:00.000Z', {
      type: 'ChargeAdded',
      data: {
        ...account,
        month: 'January',
        leaseId,
        chargeId,
        block: 'A',
        kind: 'service',
        amountPoisha: 300_000,
        description: 'Service charge',
        origin: 'plan',
        addedBy: 'scheduler',
        addedAt: '2026-01-13T10:00:00.000Z',
      },
    }),
    event('payment-7-2026-january', '2026-01-14T10:00:00.000Z', {
      type: 'OfflinePaymentRecorded',
      data: {
        ...account,
        month: 'January',
        leaseId,
        paymentId,
        method: 'bkash',
        reference: 'TX1',
        amountPoisha: 100_000,
        recordedBy: 'admin@example.com',
        recordedAt: '2026-01-14T10:00:00.000Z',
      },
    }),
    event('payment-7-2026-january', '2026-01-16T10:00:00.000Z', {
      type: 'PaymentReversed',
      data: {
        ...{ si: 7, month: 'January', year: 2026, email: 'rina@example.com' },
        paymentId,
        amountPoisha: 100_000,
        reason: 'wrong flat',
        reversedBy: 'admin@example.com',
        reversedAt: '2026-01-16T10:00:00.000Z',
      },
    }),
  ] as StoredEvent[];

  it('owes the charge beside the card-paid rent, less the bKash payment standing then', () => {
    const state = foldUntil('2026-01-15T00:00:00Z', withAccount);
    expect(state.accounts).toEqual([
      expect.objectContaining({
        si: 7,
        month: 'January',
        email: 'rina@example.com',
        charges: [expect.objectContaining({ chargeId, amountPoisha: 300_000 })],
        offline: [expect.objectContaining({ method: 'bkash', reference: 'TX1', amountPoisha: 100_000 })],
        owedPoisha: 1_500_000,
        paidPoisha: 1_300_000,
        remainingPoisha: 200_000,
      }),
    ]);
    expect(state.prices.plan).toMatchObject({ amountPoisha: 300_000 });
  });

  it('owes it all again once the payment was reversed', () => {
    const state = foldUntil('2026-01-20T00:00:00Z', withAccount);
    expect(state.accounts[0]).toMatchObject({ offline: [], remainingPoisha: 300_000 });
  });
});

describe('the books at a point in time, from the log alone', () => {
  const expenseId = randomUUID();
  // Entered on the 21st for a repair paid on the 19th (Dhaka): it counts on the 19th.
  const repair = event(`expense-${expenseId}`, '2026-01-21T04:00:00.000Z', {
    type: 'ExpenseRecorded',
    data: {
      expenseId,
      date: '2026-01-19',
      category: 'repairs',
      vendor: 'Karim Plumbing',
      amountPoisha: 350_050,
      description: '',
      receipt: null,
      paidFrom: 'cash',
      recurringId: null,
      recordedBy: 'admin@example.com',
      recordedAt: '2026-01-21T04:00:00.000Z',
    },
  });
  const account = (state: ReturnType<typeof foldUntil>, name: string) =>
    state.trialBalance.accounts.find((a) => a.account === name);

  it('balances: the rent billed, the card payment with its coupon, an expense by its own date', () => {
    const state = foldUntil('2026-01-20T00:00:00Z', [...log, repair]);
    expect(state.trialBalance.totalDebit).toBe(state.trialBalance.totalCredit);
    expect(account(state, 'income:rent')).toMatchObject({ credit: 12_000 });
    expect(account(state, 'card-clearing')).toMatchObject({ debit: 10_800 });
    expect(account(state, 'income:rent-discounts')).toMatchObject({ debit: 1_200 });
    expect(account(state, 'receivable:rina@example.com')).toMatchObject({ balance: 0 });
    expect(account(state, 'expense:repairs')).toMatchObject({ debit: 3500.5, balance: 3500.5 });
    expect(state.events).toBe(4);
  });

  it('bills no rent before the lease, and none after it ended', () => {
    expect(foldUntil('2026-01-05T00:00:00Z').trialBalance).toEqual({
      accounts: [],
      totalDebit: 0,
      totalCredit: 0,
    });
    const later = foldUntil('2026-06-01T00:00:00Z');
    expect(account(later, 'income:rent')).toMatchObject({ credit: 24_000 });
  });
});
