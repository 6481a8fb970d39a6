import type { ApartmentDetails, DomainEvent } from '@building/events/catalogue';
import type { Caller } from '../command-handling/caller.ts';

/** Small builders for the tests' histories and commands. */
export const now = new Date('2026-11-01T10:00:00.000Z');
/** When the histories' leases were accepted: the lease owes every month of 2026 the tests pay. */
export const leasedSince = new Date('2026-01-01T04:00:00.000Z');

export const admin: Caller = { email: 'admin@building.test', role: 'admin', name: 'Admin' };
export const user = (email = 'rafi@building.test', name = 'Rafi'): Caller => ({ email, role: 'user', name });
export const member = (email = 'mina@building.test', name = 'Mina'): Caller => ({
  email,
  role: 'member',
  name,
});

export const apartment = (si = 7, overrides: Partial<ApartmentDetails> = {}): ApartmentDetails => ({
  si,
  apartment: '3A01',
  block: 'A',
  floor: 3,
  room: '3 bed, 2 bath',
  rent: 24_000,
  image: '/images/apartments/apartment-7.svg',
  ...overrides,
});

export const requestId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function requested(who: Caller, n = 1, si = 7): DomainEvent {
  const { image: _image, ...terms } = apartment(si);
  return {
    type: 'AgreementRequested',
    data: {
      ...terms,
      requestId: requestId(n),
      userEmail: who.email,
      userName: who.name,
      requestedAt: now.toISOString(),
    },
  };
}

export function accepted(who: Caller, n = 1, si = 7, at = now): DomainEvent {
  const { image: _image, ...terms } = apartment(si);
  return {
    type: 'AgreementAccepted',
    data: {
      ...terms,
      requestId: requestId(n),
      userEmail: who.email,
      userName: who.name,
      acceptedAt: at.toISOString(),
    },
  };
}

export const registered = (who: Caller, photoURL = ''): DomainEvent => ({
  type: 'UserRegistered',
  data: { email: who.email, name: who.name, photoURL },
});
