import type { DomainEvent, Month } from '@building/events/catalogue';
import { isMonthOfLease } from '@building/events/rent-ledger/lease-months';

/** A lease of the apartment as money decisions need it: who holds it, its rent, from when to when. */
export interface ApartmentLease {
  /** Its accepted agreement request. */
  leaseId: string;
  si: number;
  apartment: string;
  block: string;
  email: string;
  name: string;
  rentPoisha: number;
  startedAt: string;
  endedAt: string | null;
}

/**
 * Every lease an apartment has had, folded from its agreement stream (agreement-<si>): charges,
 * offline payments and deposits are owed by the lease of their month, current or ended.
 */
export interface ApartmentLeasesState {
  leases: ApartmentLease[];
}

export const initialApartmentLeases = (): ApartmentLeasesState => ({ leases: [] });

export function evolveApartmentLeases(state: ApartmentLeasesState, event: DomainEvent): ApartmentLeasesState {
  switch (event.type) {
    case 'AgreementAccepted': {
      const d = event.data;
      if (state.leases.some((l) => l.leaseId === d.requestId)) return state;
      const lease: ApartmentLease = {
        leaseId: d.requestId,
        si: d.si,
        apartment: d.apartment,
        block: d.block,
        email: d.userEmail.toLowerCase(),
        name: d.userName,
        rentPoisha: d.rent * 100,
        startedAt: d.acceptedAt,
        endedAt: null,
      };
      return { leases: [...state.leases, lease] };
    }
    case 'LeaseEnded': {
      const email = event.data.userEmail.toLowerCase();
      const endedAt = event.data.endedAt;
      return {
        leases: state.leases.map((l) => (l.email === email && l.endedAt === null ? { ...l, endedAt } : l)),
      };
    }
    default:
      return state;
  }
}

export const apartmentLeasesAggregate = {
  initialState: initialApartmentLeases,
  evolve: evolveApartmentLeases,
};

/** The lease that owes this month (the latest to cover it; the named holder's when an email is given). */
export function leaseOfMonth(
  state: ApartmentLeasesState,
  m: { year: number; month: Month },
  email?: string,
): ApartmentLease | null {
  const holder = email?.toLowerCase();
  return (
    state.leases.findLast((l) => isMonthOfLease(l, m) && (holder === undefined || l.email === holder)) ?? null
  );
}

/** The holder's latest lease of the apartment, whatever its months (to say which months it owes). */
export const latestLeaseOf = (state: ApartmentLeasesState, email: string): ApartmentLease | null =>
  state.leases.findLast((l) => l.email === email.toLowerCase()) ?? null;
