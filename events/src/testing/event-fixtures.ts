import { currentSchemaVersion, streamOf, type DomainEvent, type EventData } from '../catalogue.ts';
import type { StoredEvent } from '../envelope.ts';

// One fixture builder for every test's events: a lease accepted, a month reminded and paid, and
// the envelopes a log would hold. Each builder takes what its test cares about; the rest is a
// valid default.

/** The terms a lease copies from its apartment. */
export interface LeaseOf {
  si: number;
  apartment: string;
  block: string;
  floor: number;
  room: string;
  rent: number;
}

export const leaseOf = (overrides: Partial<LeaseOf> = {}): LeaseOf => ({
  si: 3,
  apartment: 'A-103',
  block: 'A',
  floor: 1,
  room: '103',
  rent: 13_000,
  ...overrides,
});

const requestIdOf = (si: number) => `00000000-0000-4000-8000-${String(si).padStart(12, '0')}`;

/** `email` (named `name`) leases the apartment from `acceptedAt`. */
export function leaseAccepted(
  who: { email: string; name: string },
  acceptedAt: string,
  lease: LeaseOf = leaseOf(),
  requestId = requestIdOf(lease.si),
): DomainEvent {
  return {
    type: 'AgreementAccepted',
    data: { ...lease, requestId, userEmail: who.email, userName: who.name, acceptedAt },
  };
}

/** The scheduler's reminder of a month's rent. */
export function rentReminded(
  who: { email: string; name: string },
  month: Pick<EventData<'RentReminderIssued'>, 'month' | 'year' | 'kind' | 'issuedAt'>,
  lease: LeaseOf = leaseOf(),
): DomainEvent {
  return {
    type: 'RentReminderIssued',
    data: {
      si: lease.si,
      apartment: lease.apartment,
      email: who.email,
      name: who.name,
      amountPoisha: lease.rent * 100,
      ...month,
    },
  };
}

/** A month's rent paid by card (intent `pi_<si>`), at full price unless a coupon is named. */
export function rentPaid(
  who: { email: string; name: string },
  month: Pick<EventData<'RentPaid'>, 'month' | 'year' | 'paidAt'>,
  lease: LeaseOf = leaseOf(),
  coupon: { code: string; discount: number } | null = null,
): DomainEvent {
  const rentPoisha = lease.rent * 100;
  const discount = coupon?.discount ?? 0;
  return {
    type: 'RentPaid',
    data: {
      ...lease,
      paymentIntentId: `pi_${lease.si}`,
      transactionId: `pi_${lease.si}`,
      email: who.email,
      name: who.name,
      rentPoisha,
      discount,
      couponCode: coupon?.code ?? null,
      amountPoisha: rentPoisha - Math.round((rentPoisha * discount) / 100),
      ...month,
    },
  };
}

const isPair = (
  entry: DomainEvent | readonly [string, DomainEvent],
): entry is readonly [string, DomainEvent] => Array.isArray(entry);

/**
 * The envelopes a log holds for `events` (each to the stream the catalogue names, or the one given
 * with it): each stream numbered from version 1, the log from position 1, one minute apart from
 * `start`, at the catalogue's current schema version. Not hash-chained: for readers of the log
 * that do not verify it (projections, folds).
 */
export function logOf(
  events: ReadonlyArray<DomainEvent | readonly [string, DomainEvent]>,
  start = new Date('2026-01-05T09:00:00Z'),
): StoredEvent[] {
  const versions = new Map<string, number>();
  return events.map((entry, index) => {
    const [stream, event] = isPair(entry) ? entry : ([streamOf(entry), entry] as const);
    const version = (versions.get(stream) ?? 0) + 1;
    versions.set(stream, version);
    return {
      id: crypto.randomUUID(),
      stream,
      version,
      position: index + 1,
      type: event.type,
      schemaVersion: currentSchemaVersion[event.type],
      data: event.data,
      occurredAt: new Date(start.getTime() + index * 60_000).toISOString(),
      actor: 'system',
      correlationId: crypto.randomUUID(),
      causationId: null,
      prevHash: null,
      hash: '0'.repeat(64),
    };
  });
}
