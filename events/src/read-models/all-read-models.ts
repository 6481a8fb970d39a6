import { accountView } from './account.ts';
import { agreementRequestsView } from './agreement-requests.ts';
import { announcementsView } from './announcements.ts';
import { apartmentsView } from './apartments.ts';
import { couponsView } from './coupons.ts';
import { expensesView } from './expenses.ts';
import { journalView } from './journal.ts';
import { maintenanceView } from './maintenance.ts';
import { memberApartmentsView } from './member-apartments.ts';
import { membersView } from './members.ts';
import { notificationsView } from './notifications.ts';
import { paymentsView } from './payments.ts';
import type { ReadModel, ViewName } from './read-model.ts';
import { rentLedgerView } from './rent-ledger.ts';
import { statisticsView } from './statistics.ts';
import { usersView } from './users.ts';
import { pricesView } from './prices.ts';

/** Every live read model, one per screen. */
export const readModels: readonly ReadModel[] = [
  apartmentsView,
  couponsView,
  announcementsView,
  agreementRequestsView,
  membersView,
  memberApartmentsView,
  paymentsView,
  usersView,
  statisticsView,
  rentLedgerView,
  notificationsView,
  maintenanceView,
  accountView,
  expensesView,
  journalView,
  pricesView,
];

export function readModelOf(view: ViewName): ReadModel {
  return readModels.find((m) => m.view === view)!;
}
