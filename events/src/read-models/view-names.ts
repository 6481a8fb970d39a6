/**
 * The views the query-service serves; SSE and the cache speak of these names. A module without
 * imports: the UI's first paint needs the names, not the event catalogue behind the contracts.
 */
export const viewNames = [
  'apartments',
  'coupons',
  'announcements',
  'agreement-requests',
  'members',
  'member-apartments',
  'payments',
  'users',
  'statistics',
  'rent-ledger',
  'notifications',
  'maintenance',
  'account',
  'expenses',
  'journal',
  'prices',
] as const;
export type ViewName = (typeof viewNames)[number];
