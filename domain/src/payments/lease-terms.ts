import type { EventData } from '@building/events/catalogue';
import type { AgreementState, Lease } from '../agreement/agreement.ts';

/** The lease a payment is for, as the agreement stream accepted it. */
export type LeaseTerms = Pick<
  EventData<'AgreementAccepted'>,
  'si' | 'apartment' | 'block' | 'floor' | 'room' | 'rent' | 'userEmail' | 'userName'
>;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The member's own lease of this apartment while it lasts (accepted for them, no LeaseEnded since). */
export function activeLeaseOf(state: AgreementState, email: string): Lease | null {
  return state.lease && same(state.lease.userEmail, email) ? state.lease : null;
}

/**
 * The lease a succeeded payment is recorded against: the active one, or the member's accepted one
 * that has ended since the payment started (the money arrived; the record must not be lost).
 */
export function leaseTermsOf(state: AgreementState, email: string): LeaseTerms | null {
  const active = activeLeaseOf(state, email);
  if (active) return active;
  const request = Object.values(state.requests).find((r) => same(r.userEmail, email));
  return request?.status === 'accepted' ? request : null;
}
