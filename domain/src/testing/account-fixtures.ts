import type { DomainEvent } from '@building/events/catalogue';
import { leaseAccepted, leaseOf } from '@building/events/testing/event-fixtures';

// The leases the account's specs start from.

export const mina = 'mina@building.test';
export const minasLeaseId = '00000000-0000-4000-8000-000000000001';
/** Apartment 7 (3A01, block A), 24,000 taka a month. */
export const minasFlat = leaseOf({
  si: 7,
  apartment: '3A01',
  block: 'A',
  floor: 3,
  room: '3 bed',
  rent: 24_000,
});

/** Mina leases 3A01 from 26 November 2026 (Dhaka): the lease owes from November on. */
export const minaLeased: DomainEvent = leaseAccepted(
  { email: mina, name: 'Mina' },
  '2026-11-26T04:00:00Z',
  minasFlat,
  minasLeaseId,
);

/** Tenant `si` leases apartment `<block><si>` (20,000 taka) from `acceptedAt`. */
export const tenantLeased = (si: number, block = 'A', acceptedAt = '2026-11-26T04:00:00Z'): DomainEvent =>
  leaseAccepted(
    { email: `tenant${si}@building.test`, name: `Tenant ${si}` },
    acceptedAt,
    leaseOf({ si, apartment: `${block}${si}`, block, floor: 1, room: '2 bed', rent: 20_000 }),
  );
