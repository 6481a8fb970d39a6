import { describe, expect, it } from 'vitest';
import { accountAt } from '@building/events/account/account-at';
import type { DomainEvent, EventData } from '@building/events/catalogue';
import { accountView } from '@building/events/read-models/account';
import { given, rowsOf } from '../testing/given-events.ts';
import { account } from './account.ts';

const mina = 'mina@building.test';
const leaseId = '00000000-0000-4000-8000-000000000007';
const month = {
  si: 7,
  apartment: '3A01',
  month: 'December',
  year: 2026,
  email: mina,
  name: 'Mina',
  leaseId,
} as const;
const stream = 'payment-7-2026-december';
const charge: [string, DomainEvent] = [
  stream,
  {
    type: 'ChargeAdded',
    data: {
      ...month,
      chargeId: '00000000-0000-4000-8000-000000000101',
      block: 'A',
      kind: 'service',
      amountPoisha: 300_000,
      description: 'Guards and lift',
      origin: 'plan',
      addedBy: 'scheduler',
      addedAt: '2026-11-30T18:05:00.000Z',
    },
  },
];
const bkash: [string, DomainEvent] = [
  stream,
  {
    type: 'OfflinePaymentRecorded',
    data: {
      ...month,
      paymentId: '00000000-0000-4000-8000-000000000201',
      method: 'bkash',
      reference: 'TXN8H2K',
      amountPoisha: 1_000_000,
      recordedBy: 'admin@building.test',
      recordedAt: '2026-12-03T05:00:00.000Z',
    },
  },
];

describe('projection: the account lines', () => {
  it('keeps a line per money event, the same when the history arrives twice', () => {
    const events = given(charge, bkash);
    const rows = rowsOf(account, events);
    expect(rowsOf(account, events, 2)).toEqual(rows);
    // Rows come keyed by their event ids: in no particular order.
    expect(rows.lines).toHaveLength(2);
    expect(rows.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'charge',
          debit_poisha: 300_000,
          credit_poisha: 0,
          ref_id: '00000000-0000-4000-8000-000000000101',
        }),
        expect.objectContaining({
          kind: 'payment',
          credit_poisha: 1_000_000,
          method: 'bkash',
          reference: 'TXN8H2K',
        }),
      ]),
    );
  });
});

describe('projection: card payments and refunds', () => {
  const paid: [string, DomainEvent] = [
    stream,
    {
      type: 'RentPaid',
      data: {
        ...month,
        block: 'A',
        floor: 3,
        room: '3 bed',
        rent: 24_000,
        paymentIntentId: 'pi_1',
        transactionId: 'pi_1',
        rentPoisha: 2_400_000,
        discount: 10,
        couponCode: 'TEN',
        // What the desk left of the rent after the coupon, and the service charge.
        amountPoisha: 1_160_000 + 300_000,
        items: [
          { kind: 'rent', description: '', amountPoisha: 1_160_000 },
          {
            kind: 'charge',
            chargeId: '00000000-0000-4000-8000-000000000101',
            description: 'Guards and lift',
            amountPoisha: 300_000,
          },
        ],
        paidAt: '2026-12-04T05:00:00.000Z',
      },
    },
  ];
  const refunded = (
    reason: 'provider-refund' | 'duplicate-charge',
    refundId: string,
  ): [string, DomainEvent] => [
    stream,
    {
      type: 'RentRefunded',
      data: {
        paymentIntentId: reason === 'provider-refund' ? 'pi_1' : 'pi_2',
        refundId,
        si: 7,
        month: 'December',
        year: 2026,
        email: mina,
        amountPoisha: 100_000,
        reason,
        coveredPoisha: 1_360_000,
        refundedAt: '2026-12-05T05:00:00.000Z',
      },
    },
  ];
  it("credits what the card paid and its coupon's discount; a refund at the provider is owed again; twice is once", () => {
    const events = given(
      charge,
      bkash,
      paid,
      refunded('provider-refund', 're_1'),
      refunded('duplicate-charge', 're_2'),
    );
    const rows = rowsOf(account, events);
    expect(rowsOf(account, events, 2)).toEqual(rows);
    const byKind = Object.fromEntries(rows.lines!.map((l) => [l.kind, l]));
    // 1,160,000 + 300,000 paid, and the coupon's 240,000 off the rent.
    expect(byKind['card-payment']).toMatchObject({
      credit_poisha: 1_700_000,
      method: 'card',
      reference: 'pi_1',
    });
    expect(byKind.refund).toMatchObject({
      debit_poisha: 100_000,
      method: 'card',
      reference: 're_1',
      ref_id: 'pi_1',
    });
    // A second charge's refund gave back money that never paid the month: no line.
    expect(rows.lines).toHaveLength(4);
    const lines = rows.lines!.map((r) =>
      accountView.toResponse(accountView.row.parse({ ...r, occurred_at: new Date(String(r.occurred_at)) })),
    );
    const lease = {
      ...{ leaseId, email: mina, name: 'Mina', si: 7, apartment: '3A01', rentPoisha: 2_400_000 },
      ...{ startedAt: '2026-11-26T04:00:00.000Z', endedAt: null },
    };
    const december = accountAt(mina, [lease], lines, new Date('2026-12-10T00:00:00Z')).months.at(-1);
    expect(december).toMatchObject({ month: 'December', owed: 27_000, paid: 26_000 });
  });
  it('owes after a coupon payment refunded in full exactly what it owed before it; twice is once', () => {
    const lease = {
      ...{ leaseId, email: mina, name: 'Mina', si: 7, apartment: '3A01', rentPoisha: 2_400_000 },
      ...{ startedAt: '2026-11-26T04:00:00.000Z', endedAt: null },
    };
    const at = new Date('2026-12-10T00:00:00Z');
    const accountOf = (...history: Array<[string, DomainEvent]>) => {
      const events = given(...history);
      const rows = rowsOf(account, events);
      expect(rowsOf(account, events, 2)).toEqual(rows);
      const lines = (rows.lines ?? []).map((r) =>
        accountView.toResponse(accountView.row.parse({ ...r, occurred_at: new Date(String(r.occurred_at)) })),
      );
      return accountAt(mina, [lease], lines, at);
    };
    const before = accountOf(charge);
    const whole: [string, DomainEvent] = [
      stream,
      {
        type: 'RentRefunded',
        data: {
          ...(refunded('provider-refund', 're_9')[1].data as EventData<'RentRefunded'>),
          amountPoisha: 1_460_000,
          coveredPoisha: 0,
          discountPoisha: 240_000,
        },
      },
    ];
    const after = accountOf(charge, paid, whole);
    expect(after.balance).toBe(before.balance);
    expect(after.months.at(-1)).toMatchObject({ month: 'December', owed: 27_000, paid: 0 });
    expect(after.lines.filter((l) => l.kind === 'refund').map((l) => l.debitPoisha)).toEqual([
      1_460_000, 240_000,
    ]);
  });
});

const depositStream = `deposit-${leaseId}`;
const deposit = { leaseId, si: 7, email: mina } as const;
const depositOwed: [string, DomainEvent] = [
  depositStream,
  {
    type: 'DepositOwed',
    data: {
      ...deposit,
      apartment: '3A01',
      name: 'Mina',
      months: 2,
      amountPoisha: 4_800_000,
      owedAt: '2026-11-26T04:00:00.000Z',
    },
  },
];
const depositPaid: [string, DomainEvent] = [
  depositStream,
  {
    type: 'DepositPaid',
    data: {
      ...deposit,
      paymentId: 'pi_deposit',
      method: 'card',
      reference: 'pi_deposit',
      amountPoisha: 4_800_000,
      recordedBy: mina,
      paidAt: '2026-11-27T04:00:00.000Z',
    },
  },
];
const depositSettled: [string, DomainEvent] = [
  depositStream,
  {
    type: 'DepositSettled',
    data: {
      ...deposit,
      name: 'Mina',
      owedPoisha: 4_800_000,
      heldPoisha: 4_800_000,
      deductions: [{ reason: 'Broken window', amountPoisha: 500_000 }],
      returnedPoisha: 4_300_000,
      method: 'card',
      reference: 're_1',
      settledBy: 'admin@building.test',
      settledAt: '2027-01-12T05:00:00.000Z',
    },
  },
];

describe('projection: the deposit lines', () => {
  const events = given(depositOwed, depositPaid, depositSettled);
  it('owes, pays, and at settlement releases it, keeps the deductions and returns the rest; twice is once', () => {
    const rows = rowsOf(account, events);
    expect(rowsOf(account, events, 2)).toEqual(rows);
    const lines = [...rows.lines!].sort((a, b) => String(a.occurred_at).localeCompare(String(b.occurred_at)));
    expect(lines.map((l) => [l.kind, l.debit_poisha, l.credit_poisha, l.method, l.reference])).toEqual([
      ['deposit', 4_800_000, 0, null, null],
      ['deposit-payment', 0, 4_800_000, 'card', 'pi_deposit'],
      ['deposit-release', 0, 4_800_000, null, null],
      ['deposit-deduction', 500_000, 0, null, null],
      ['deposit-return', 4_300_000, 0, 'card', 're_1'],
    ]);
    expect(new Set(lines.map((l) => l.line_id)).size).toBe(5);
  });
  it('leaves the account square after a deposit paid in full is settled, the return in sight', () => {
    const stored = rowsOf(account, events).lines!.map((row) =>
      accountView.toResponse(
        accountView.row.parse({ ...row, occurred_at: new Date(String(row.occurred_at)) }),
      ),
    );
    const answer = accountAt(mina, [], stored, new Date('2027-02-01T00:00:00Z'));
    expect(answer.lines.map((l) => [l.kind, l.balance])).toEqual([
      ['deposit', 48_000],
      ['deposit-payment', 0],
      ['deposit-release', -48_000],
      ['deposit-deduction', -43_000],
      ['deposit-return', 0],
    ]);
    expect(answer.months).toEqual([]);
  });
});

describe('the account at a moment', () => {
  // Accepted on 26 November 2026 at 10:00 Dhaka, 24,000 taka a month.
  const lease = {
    leaseId,
    email: mina,
    name: 'Mina',
    si: 7,
    apartment: '3A01',
    rentPoisha: 2_400_000,
    startedAt: '2026-11-26T04:00:00.000Z',
    endedAt: null,
  };
  const stored = rowsOf(account, given(charge, bkash)).lines!.map((row) =>
    accountView.toResponse(accountView.row.parse({ ...row, occurred_at: new Date(String(row.occurred_at)) })),
  );

  it('owes the rent of each month of the lease, the charges, less the payments, in date order', () => {
    const answer = accountAt(mina, [lease], stored, new Date('2026-12-04T00:00:00Z'));
    expect(answer.lines.map((l) => [l.kind, l.month, l.debit, l.credit, l.balance])).toEqual([
      ['rent', 'November', 24_000, 0, 24_000],
      ['rent', 'December', 24_000, 0, 48_000],
      ['charge', 'December', 3_000, 0, 51_000],
      ['payment', 'December', 0, 10_000, 41_000],
    ]);
    expect(answer.balance).toBe(41_000);
    expect(answer.months).toEqual([
      { si: 7, year: 2026, month: 'November', owed: 24_000, paid: 0 },
      { si: 7, year: 2026, month: 'December', owed: 27_000, paid: 10_000 },
    ]);
  });

  it('answers a past moment as the account stood then', () => {
    const then = accountAt(mina, [lease], stored, new Date('2026-11-29T00:00:00Z'));
    expect(then.lines.map((l) => l.kind)).toEqual(['rent']);
    expect(then.balance).toBe(24_000);
    expect(accountAt(mina, [lease], stored, new Date('2026-11-20T00:00:00Z')).lines).toEqual([]);
  });
});
