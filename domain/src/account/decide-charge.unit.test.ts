import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventData } from '@building/events/catalogue';
import { DomainError } from '@building/events/domain-error';
import { tenantLeased } from '../testing/account-fixtures.ts';
import { evolveApartmentLeases, initialApartmentLeases } from './apartment-leases.ts';
import { decideCharge, type ChargeCommand, type ChargeContext } from './decide-charge.ts';
import { evolveMonthAccount, initialMonthAccount } from './month-account.ts';

const admin = { email: 'admin@building.test', role: 'admin' };
const at = new Date('2026-12-01T00:05:00Z');
const leaseIdOf = (si: number) => `00000000-0000-4000-8000-${String(si).padStart(12, '0')}`;
const leased = tenantLeased;

/** given(each apartment's history).when(command): the apartments' streams folded as the handler loads them. */
function given(histories: Record<number, DomainEvent[]>) {
  const context: ChargeContext = {
    apartments: Object.fromEntries(
      Object.entries(histories).map(([si, events]) => [
        si,
        {
          leases: events.reduce(evolveApartmentLeases, initialApartmentLeases()),
          month: events.reduce(evolveMonthAccount, initialMonthAccount()),
        },
      ]),
    ),
  };
  return {
    when: (command: ChargeCommand) => ({
      then: (...expected: DomainEvent[]) => expect(decideCharge(command, context)).toEqual(expected),
      thenFails: (code: string, detail?: RegExp) => {
        let failure: unknown;
        try {
          decideCharge(command, context);
        } catch (error) {
          failure = error;
        }
        expect(failure).toBeInstanceOf(DomainError);
        expect(failure).toMatchObject({ code });
        if (detail) expect((failure as Error).message).toMatch(detail);
      },
    }),
  };
}

const add = (
  sis: number[],
  more: Partial<Extract<ChargeCommand, { type: 'AddCharges' }>['data']> = {},
): ChargeCommand => ({
  type: 'AddCharges',
  data: {
    month: 'December',
    year: 2026,
    charges: sis.map((si) => ({
      si,
      chargeId: leaseIdOf(1000 + si),
      kind: 'service',
      amountPoisha: 300_000,
      description: 'Guards, lift, generator',
      origin: 'admin',
    })),
    named: sis.length === 1,
    by: admin,
    at,
    ...more,
  },
});
const added = (
  si: number,
  block = 'A',
  origin: EventData<'ChargeAdded'>['origin'] = 'admin',
  addedBy = admin.email,
): DomainEvent => ({
  type: 'ChargeAdded',
  data: {
    si,
    apartment: `${block}${si}`,
    month: 'December',
    year: 2026,
    email: `tenant${si}@building.test`,
    name: `Tenant ${si}`,
    leaseId: leaseIdOf(si),
    chargeId: leaseIdOf(1000 + si),
    block,
    kind: 'service',
    amountPoisha: 300_000,
    description: 'Guards, lift, generator',
    origin,
    addedBy,
    addedAt: at.toISOString(),
  },
});
const cancel = (si = 1): ChargeCommand => ({
  type: 'CancelCharge',
  data: {
    si,
    month: 'December',
    year: 2026,
    chargeId: leaseIdOf(1000 + si),
    reason: 'Added twice',
    by: admin,
    at,
  },
});

describe('rule: a charge is owed by the lease holder of its month', () => {
  it('charges one named apartment, owed by its lease holder', () =>
    given({ 1: [leased(1)] })
      .when(add([1]))
      .then(added(1)));
  it('refuses a named apartment nobody leases that month', () =>
    given({ 1: [leased(1, 'A', '2027-01-03T04:00:00Z')] })
      .when(add([1]))
      .thenFails('apartment-not-leased', /apartment 1 has no lease in December 2026/));
  it('charges each leased apartment of a block or of all, leaving out the unleased', () =>
    given({ 1: [leased(1)], 2: [leased(2, 'A', '2027-02-01T04:00:00Z')], 3: [leased(3)] })
      .when(add([1, 2, 3]))
      .then(added(1), added(3)));
  it('refuses a block with no apartment leased that month', () =>
    given({ 2: [leased(2, 'A', '2027-02-01T04:00:00Z')] })
      .when(add([2], { named: false }))
      .thenFails('apartment-not-leased'));
  it('refuses a non-admin', () =>
    given({ 1: [leased(1)] })
      .when(add([1], { by: { email: 'tenant1@building.test', role: 'member' } }))
      .thenFails('admin-only'));
});

describe('rule: the plan issues one service charge per apartment and month', () => {
  const plan = (sis: number[]) => {
    const command = add(sis, { by: 'scheduler', named: false });
    if (command.type === 'AddCharges') command.data.charges.forEach((c) => (c.origin = 'plan'));
    return command;
  };
  it('issues it as the scheduler', () =>
    given({ 1: [leased(1)] })
      .when(plan([1]))
      .then(added(1, 'A', 'plan', 'scheduler')));
  it('refuses a second one (a second scheduler replica)', () =>
    given({ 1: [leased(1), added(1, 'A', 'plan', 'scheduler')] })
      .when(plan([1]))
      .thenFails('charge-already-issued'));
});

describe('rule: only an unpaid charge is cancelled, once, with a reason', () => {
  const paid: DomainEvent = {
    type: 'OfflinePaymentRecorded',
    data: {
      si: 1,
      apartment: 'A1',
      month: 'December',
      year: 2026,
      email: 'tenant1@building.test',
      name: 'Tenant 1',
      leaseId: leaseIdOf(1),
      paymentId: leaseIdOf(5000),
      method: 'cash',
      reference: 'R1',
      amountPoisha: 2_300_000,
      recordedBy: admin.email,
      recordedAt: at.toISOString(),
    },
  };
  const cancelled: DomainEvent = {
    type: 'ChargeCancelled',
    data: {
      chargeId: leaseIdOf(1001),
      si: 1,
      month: 'December',
      year: 2026,
      email: 'tenant1@building.test',
      amountPoisha: 300_000,
      kind: 'service',
      reason: 'Added twice',
      cancelledBy: admin.email,
      cancelledAt: at.toISOString(),
    },
  };
  it('cancels an unpaid charge', () =>
    given({ 1: [leased(1), added(1)] })
      .when(cancel())
      .then(cancelled));
  it('refuses a charge the month does not hold', () =>
    given({ 1: [leased(1)] })
      .when(cancel())
      .thenFails('charge-not-found'));
  it('refuses a second cancellation', () =>
    given({ 1: [leased(1), added(1), cancelled] })
      .when(cancel())
      .thenFails('charge-already-cancelled'));
  it('refuses a charge payments already cover', () =>
    given({ 1: [leased(1), added(1), paid] })
      .when(cancel())
      .thenFails('charge-already-paid'));
});
