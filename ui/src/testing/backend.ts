import type { Apartment } from '../features/apartments/api/get-apartments.ts';
import type { Coupon } from '../features/home/api/get-available-coupons.ts';
import type { EmailKind } from '@building/events/catalogue';
import type { Notification } from '../lib/notifications.ts';

/** The state behind the msw handlers: what the services would hold, plus a log of calls. */
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export const backend = {
  coupons: [] as Coupon[],
  apartments: [] as Apartment[],
  admins: new Set<string>(),
  /** Listed admin addresses whose owner has not opened the verification link yet. */
  unverifiedAdmins: new Set<string>(),
  members: new Set<string>(),
  /** Agreement requests taken by POST /agreement, newest last. */
  agreements: [] as Array<{ si: string | number; email: string; status: string; timestamp: number }>,
  uploads: [] as string[],
  users: [] as unknown[],
  calls: [] as RecordedCall[],
  nextPosition: 100,
  /** Each person's notifications, newest first, and how far they have read. */
  notifications: new Map<string, Notification[]>(),
  readUpTo: new Map<string, string>(),
  emailOff: new Map<string, EmailKind[]>(),
  /** The language saved with each person's profile. */
  languages: new Map<string, string>(),
};

/** A coupon as GET /coupons answers it: available, no last day, no limit, unused unless said. */
export const coupon = (
  fields: Pick<Coupon, '_id' | 'code' | 'discount' | 'description'> & Partial<Coupon>,
): Coupon => ({ status: 'available', expiresOn: null, usageLimit: null, uses: 0, ...fields });

export function resetBackend() {
  backend.coupons = [
    coupon({ _id: 'c1', code: 'WELCOME10', discount: 10, description: 'Ten percent off your first month' }),
    coupon({ _id: 'c2', code: 'SUMMER15', discount: 15, description: 'Summer offer on any apartment' }),
  ];
  backend.apartments = makeApartments(8);
  backend.admins = new Set();
  backend.unverifiedAdmins = new Set();
  backend.members = new Set();
  backend.agreements = [];
  backend.uploads = [];
  backend.users = [];
  backend.calls = [];
  backend.nextPosition = 100;
  backend.notifications = new Map();
  backend.readUpTo = new Map();
  backend.emailOff = new Map();
  backend.languages = new Map();
}

/** n apartments, ...; rent 12,000 upwards. */
export function makeApartments(
  n: number,
  overrides: (i: number) => Partial<Apartment> = () => ({}),
): Apartment[] {
  return Array.from({ length: n }, (_, i) => ({
    _id: `apt-${i + 1}`,
    si: i + 1,
    apartment: `A-${101 + i}`,
    block: 'A',
    floor: Math.floor(i / 4) + 1,
    image: `/images/apartments/a-${101 + i}.svg`,
    rent: 12000 + i * 500,
    room: `${101 + i}`,
    status: 'available',
    ...overrides(i),
  }));
}

export const callsTo = (method: string, path: string) =>
  backend.calls.filter((call) => call.method === method && call.path === path);
