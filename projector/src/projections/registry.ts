import type { Projection } from '../projection.ts';
import { account } from './account.ts';
import { agreementRequests } from './agreement-requests.ts';
import { announcements } from './announcements.ts';
import { apartments } from './apartments.ts';
import { coupons } from './coupons.ts';
import { expenses } from './expenses.ts';
import { journal } from './journal.ts';
import { maintenance } from './maintenance.ts';
import { memberApartments } from './member-apartments.ts';
import { members } from './members.ts';
import { notifications } from './notifications.ts';
import { payments } from './payments.ts';
import { rentLedger } from './rent-ledger.ts';
import { statistics } from './statistics.ts';
import { users } from './users.ts';
import { prices } from './prices.ts';

/** Every live projection, one per read model (see `@building/events/read-models/all-read-models`). */
export const projections: readonly Projection[] = [
  apartments,
  coupons,
  announcements,
  agreementRequests,
  members,
  memberApartments,
  payments,
  users,
  statistics,
  rentLedger,
  notifications,
  maintenance,
  account,
  expenses,
  journal,
  prices,
];

export function projectionNamed(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}
