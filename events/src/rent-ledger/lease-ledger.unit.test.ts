import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../catalogue.ts';
import { buildingDay } from './building-calendar.ts';
import { monthRent, personalLedger, overdueRent } from './ledger-answers.ts';
import { applyLedgerEvent, noLedgerFacts, type LedgerFacts } from './ledger-facts.ts';
import { ledgersAt } from './lease-ledger.ts';

const mina = 'mina@building.test';
const lease = { si: 7, apartment: '3A01', block: 'A', floor: 3, room: '3 bed', rent: 24_000 };
const accepted = (acceptedAt: string, email = mina, requestId = '7b0c6f1e-1c63-4bd4-9d36-3f3f1e0a3c11') =>
  ({
    type: 'AgreementAccepted',
    data: { ...lease, requestId, userEmail: email, userName: 'Mina', acceptedAt },
  }) satisfies DomainEvent;
const paid = (month: 'March' | 'April' | 'May', paidAt: string) =>
  ({
    type: 'RentPaid',
    data: {
      ...lease,
      paymentIntentId: `pi_${month}`,
      transactionId: `pi_${month}`,
      month,
      year: 2026,
      email: mina,
      name: 'Mina',
      rentPoisha: 2_400_000,
      discount: 10,
      couponCode: 'TEN',
      amountPoisha: 2_160_000,
      paidAt,
    },
  }) satisfies DomainEvent;
const reminded = (month: 'April' | 'May', kind: 'due' | 'overdue', issuedAt: string) =>
  ({
    type: 'RentReminderIssued',
    data: {
      si: 7,
      apartment: '3A01',
      month,
      year: 2026,
      email: mina,
      name: 'Mina',
      kind,
      amountPoisha: 2_400_000,
      issuedAt,
    },
  }) satisfies DomainEvent;

const fold = (...events: DomainEvent[]): LedgerFacts => events.reduce(applyLedgerEvent, noLedgerFacts());
const ledgerAt = (facts: LedgerFacts, at: string) =>
  ledgersAt(Object.values(facts.leases), Object.values(facts.settled), new Date(at));
const statuses = (facts: LedgerFacts, at: string) =>
  ledgerAt(facts, at)[0]?.months.map((m) => `${m.month} ${m.status}`);

describe('the building calendar', () => {
  it('keeps Dhaka time: 20:00 UTC on 31 March is 1 April in the building', () => {
    expect(buildingDay(new Date('2026-03-31T20:00:00Z'))).toEqual({ year: 2026, index: 3, day: 1 });
  });
});

describe('a lease ledger', () => {
  // Accepted on 1 March (Dhaka): March is due from the 1st and overdue after the 5th.
  const facts = fold(accepted('2026-03-01T04:00:00Z'), paid('March', '2026-03-03T08:00:00Z'));

  it('has a row per month from the month the lease began, to the month asked about', () => {
    expect(statuses(facts, '2026-05-02T06:00:00Z')).toEqual(['March paid', 'April overdue', 'May due']);
  });

  it('is due from the 1st and overdue after the 5th, in Dhaka time', () => {
    // 17:59 UTC on 5 May is 23:59 in Dhaka: still the 5th.
    expect(statuses(facts, '2026-05-05T17:59:00Z')?.at(-1)).toBe('May due');
    expect(statuses(facts, '2026-05-05T18:00:00Z')?.at(-1)).toBe('May overdue');
  });

  it('gives a lease that begins mid-month the same five days from its acceptance', () => {
    const late = fold(accepted('2026-03-20T04:00:00Z'));
    expect(statuses(late, '2026-03-24T17:59:00Z')).toEqual(['March due']);
    expect(statuses(late, '2026-03-24T18:00:00Z')).toEqual(['March overdue']);
  });

  it('owes the rent of every unpaid month: the balance, and the overdue part of it', () => {
    const [ledger] = ledgerAt(facts, '2026-05-02T06:00:00Z');
    expect(ledger).toMatchObject({ active: true, balancePoisha: 4_800_000, overduePoisha: 2_400_000 });
    expect(ledger?.months[0]).toMatchObject({
      owedPoisha: 0,
      paid: { amountPoisha: 2_160_000, couponCode: 'TEN', transactionId: 'pi_March' },
    });
  });

  describe('a refund made at the provider', () => {
    const refunded = (
      refundId: string,
      amountPoisha: number,
      refundedAt = '2026-03-10T06:00:00Z',
      of = 'pi_March',
    ) =>
      ({
        type: 'RentRefunded',
        data: {
          ...{ paymentIntentId: of, refundId, si: 7, month: 'March', year: 2026, email: mina },
          ...{ amountPoisha, reason: 'provider-refund', coveredPoisha: 0 },
          refundedAt,
        },
      }) satisfies DomainEvent;
    const paidMarch = [accepted('2026-03-02T06:00:00Z'), paid('March', '2026-03-03T06:00:00Z')];
    const march = (facts: LedgerFacts, at: string) => ledgerAt(facts, at)[0]?.months[0];

    it('owes again the part it gave back, until that part is paid', () => {
      const partly = fold(...paidMarch, refunded('re_1', 160_000));
      expect(march(partly, '2026-03-20T06:00:00Z')).toMatchObject({
        status: 'overdue',
        owedPoisha: 160_000,
        paid: { amountPoisha: 2_160_000, transactionId: 'pi_March' },
        refunds: [{ amountPoisha: 160_000, refundedAt: '2026-03-10T06:00:00Z', transactionId: 'pi_March' }],
      });
      expect(ledgerAt(partly, '2026-03-20T06:00:00Z')[0]).toMatchObject({ balancePoisha: 160_000 });
      const again = { ...paid('March', '2026-03-12T06:00:00Z') };
      again.data = {
        ...again.data,
        paymentIntentId: 'pi_again',
        transactionId: 'pi_again',
        amountPoisha: 160_000,
      };
      const settled = fold(...paidMarch, refunded('re_1', 160_000), again);
      expect(march(settled, '2026-03-20T06:00:00Z')).toMatchObject({
        status: 'paid',
        owedPoisha: 0,
        otherPayments: [{ amountPoisha: 160_000, transactionId: 'pi_again' }],
      });
    });

    it('reopens the month once it gave everything back: the rent is owed', () => {
      const whole = fold(...paidMarch, refunded('re_1', 160_000), refunded('re_2', 2_000_000));
      expect(statuses(whole, '2026-03-20T06:00:00Z')).toEqual(['March overdue']);
      expect(march(whole, '2026-03-20T06:00:00Z')).toMatchObject({ paid: null, owedPoisha: 2_400_000 });
    });

    it('does not show at a moment before it was made', () => {
      const later = fold(...paidMarch, refunded('re_1', 160_000, '2026-03-25T06:00:00Z'));
      expect(march(later, '2026-03-20T06:00:00Z')).toMatchObject({
        status: 'paid',
        owedPoisha: 0,
        refunds: [],
      });
      expect(march(later, '2026-03-26T06:00:00Z')).toMatchObject({ status: 'overdue', owedPoisha: 160_000 });
      const whole = fold(...paidMarch, refunded('re_1', 2_160_000, '2026-03-25T06:00:00Z'));
      expect(march(whole, '2026-03-20T06:00:00Z')).toMatchObject({
        status: 'paid',
        paid: { amountPoisha: 2_160_000 },
      });
    });
  });

  it('answers a past moment as it was then: later payments, reminders and leases do not count', () => {
    const later = fold(
      accepted('2026-03-01T04:00:00Z'),
      paid('March', '2026-03-09T08:00:00Z'),
      reminded('April', 'due', '2026-04-01T00:00:00Z'),
    );
    expect(statuses(later, '2026-03-08T00:00:00Z')).toEqual(['March overdue']);
    expect(ledgerAt(later, '2026-03-31T00:00:00Z')[0]?.months[0]?.status).toBe('paid');
    // 23:00 UTC on 31 March is already April in Dhaka, but before the reminder.
    expect(ledgerAt(later, '2026-03-31T23:00:00Z')[0]?.months[1]?.reminders.due).toBeNull();
    expect(ledgerAt(later, '2026-04-02T00:00:00Z')[0]?.months[1]?.reminders.due).toBe('2026-04-01T00:00:00Z');
    expect(ledgerAt(later, '2026-02-20T00:00:00Z')).toEqual([]);
  });

  it('stops at the month the lease ended, which stays owed', () => {
    const ended = fold(accepted('2026-03-01T04:00:00Z'), {
      type: 'LeaseEnded',
      data: { si: 7, userEmail: mina, endedAt: '2026-04-10T00:00:00Z', reason: 'member-demoted' },
    });
    const [ledger] = ledgerAt(ended, '2026-06-01T00:00:00Z');
    expect(ledger?.active).toBe(false);
    expect(ledger?.months.map((m) => m.month)).toEqual(['March', 'April']);
    expect(ledgerAt(ended, '2026-04-09T00:00:00Z')[0]?.active).toBe(true);
  });

  it('folds each fact once: a repeated payment or reminder changes nothing', () => {
    const once = fold(accepted('2026-03-01T04:00:00Z'), reminded('April', 'due', '2026-04-01T00:00:00Z'));
    const before = structuredClone(once);
    const twice = [reminded('April', 'due', '2026-04-02T00:00:00Z'), accepted('2026-03-02T00:00:00Z')].reduce(
      applyLedgerEvent,
      once,
    );
    expect(twice).toEqual(before);
  });
});

describe('a month owes its charges and late fee with its rent', () => {
  const account = {
    si: 7,
    apartment: '3A01',
    month: 'April',
    year: 2026,
    email: mina,
    name: 'Mina',
    leaseId: '7b0c6f1e-1c63-4bd4-9d36-3f3f1e0a3c11',
  } as const;
  const chargeId = '0c5f4c62-3f7b-4e0e-b0d5-8e8f2b4b6f11';
  const paymentId = '0c5f4c62-3f7b-4e0e-b0d5-8e8f2b4b6f12';
  const charged: DomainEvent = {
    type: 'ChargeAdded',
    data: {
      ...account,
      ...{ chargeId, block: 'A', kind: 'service', amountPoisha: 300_000, description: 'Guards' },
      ...{ origin: 'plan', addedBy: 'scheduler', addedAt: '2026-03-31T18:05:00Z' },
    },
  };
  const fee: DomainEvent = {
    type: 'LateFeeCharged',
    data: {
      ...account,
      ...{
        percent: 5,
        unpaidRentPoisha: 2_400_000,
        amountPoisha: 120_000,
        chargedAt: '2026-04-06T00:00:00Z',
      },
    },
  };
  const desk = (amountPoisha: number, recordedAt: string): DomainEvent => ({
    type: 'OfflinePaymentRecorded',
    data: {
      ...account,
      ...{ paymentId, method: 'cash', reference: 'DESK-1', amountPoisha },
      ...{ recordedBy: 'admin@building.test', recordedAt },
    },
  });
  const april = (facts: LedgerFacts, at: string) => ledgerAt(facts, at)[0]?.months[1];
  const aprilPaid = { ...paid('April', '2026-04-03T06:00:00Z') };

  it('is paid only once all of it is: the rent by card leaves the charge and the late fee owed', () => {
    const facts = fold(accepted('2026-03-01T04:00:00Z'), charged, aprilPaid, fee);
    expect(april(facts, '2026-04-10T00:00:00Z')).toMatchObject({
      status: 'overdue',
      rentPoisha: 2_400_000,
      chargesPoisha: 300_000,
      lateFeePoisha: 120_000,
      paidPoisha: 2_400_000,
      owedPoisha: 420_000,
      charges: [{ chargeId, description: 'Guards', amountPoisha: 300_000 }],
    });
    const settled = fold(
      accepted('2026-03-01T04:00:00Z'),
      charged,
      aprilPaid,
      fee,
      desk(420_000, '2026-04-11T00:00:00Z'),
    );
    expect(april(settled, '2026-04-12T00:00:00Z')).toMatchObject({ status: 'paid', owedPoisha: 0 });
    expect(ledgerAt(settled, '2026-04-12T00:00:00Z')[0]?.overduePoisha).toBe(2_400_000); // March
  });
  it('shows a month paid in part at the desk with what remains, as it stood at a past moment', () => {
    const facts = fold(accepted('2026-03-01T04:00:00Z'), charged, desk(1_000_000, '2026-04-02T00:00:00Z'), {
      type: 'PaymentReversed',
      data: {
        ...{ paymentId, si: 7, month: 'April', year: 2026, email: mina, amountPoisha: 1_000_000 },
        ...{ reason: 'wrong flat', reversedBy: 'admin@building.test', reversedAt: '2026-04-04T00:00:00Z' },
      },
    });
    expect(april(facts, '2026-04-03T00:00:00Z')).toMatchObject({
      status: 'due',
      paidPoisha: 1_000_000,
      owedPoisha: 1_700_000,
      offlinePayments: [{ paymentId, method: 'cash', reference: 'DESK-1', amountPoisha: 1_000_000 }],
    });
    expect(april(facts, '2026-04-05T00:00:00Z')).toMatchObject({
      owedPoisha: 2_700_000,
      offlinePayments: [],
    });
  });
  it('owes a cancelled charge no more from its cancellation', () => {
    const facts = fold(accepted('2026-03-01T04:00:00Z'), charged, {
      type: 'ChargeCancelled',
      data: {
        ...{ chargeId, si: 7, month: 'April', year: 2026, email: mina, amountPoisha: 300_000 },
        ...{ reason: 'twice', cancelledBy: 'admin@building.test', cancelledAt: '2026-04-02T00:00:00Z' },
      },
    });
    expect(april(facts, '2026-04-01T12:00:00Z')).toMatchObject({ chargesPoisha: 300_000 });
    expect(april(facts, '2026-04-03T00:00:00Z')).toMatchObject({ chargesPoisha: 0, charges: [] });
  });
});

describe('the answers', () => {
  const other = 'rafi@building.test';
  const facts = fold(
    accepted('2026-03-01T04:00:00Z'),
    accepted('2026-04-01T04:00:00Z', other, '0c5f4c62-3f7b-4e0e-b0d5-8e8f2b4b6f10'),
    paid('March', '2026-03-03T08:00:00Z'),
  );
  const leases = Object.values(facts.leases);
  const settled = Object.values(facts.settled);

  it("a person's ledger holds only their own leases", () => {
    const ledger = personalLedger(mina, leases, settled, new Date('2026-04-10T00:00:00Z'));
    expect(ledger.leases.map((l) => l.lease.email)).toEqual([mina]);
    expect(ledger).toMatchObject({ balancePoisha: 2_400_000, overduePoisha: 2_400_000 });
  });

  it("the building's month: the rent its leases owe for it, what was paid towards it, and all that is overdue", () => {
    // 20 March: only Mina's lease owes March, paid with her coupon.
    expect(monthRent(leases, settled, new Date('2026-03-20T00:00:00Z'))).toEqual({
      asOf: '2026-03-20T00:00:00.000Z',
      year: 2026,
      month: 'March',
      duePoisha: 2_400_000,
      collectedPoisha: 2_160_000,
      overduePoisha: 0,
    });
    // 10 April: both owe April, unpaid and overdue since the 6th.
    expect(monthRent(leases, settled, new Date('2026-04-10T00:00:00Z'))).toEqual({
      asOf: '2026-04-10T00:00:00.000Z',
      year: 2026,
      month: 'April',
      duePoisha: 4_800_000,
      collectedPoisha: 0,
      overduePoisha: 4_800_000,
    });
  });

  it('the overdue list names who owes which months, and the totals', () => {
    const overdue = overdueRent(leases, settled, new Date('2026-05-10T00:00:00Z'));
    expect(overdue).toMatchObject({ members: 2, months: 4, amountPoisha: 9_600_000 });
    expect(overdue.rows.map((r) => [r.email, r.months.map((m) => m.month)])).toEqual([
      [mina, ['April', 'May']],
      [other, ['April', 'May']],
    ]);
  });
});
