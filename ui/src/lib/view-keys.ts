/**
 * Every query key starts with the name of the read view it comes from, so a change of that view
 * (a command's answer, or the query-service's live stream) invalidates exactly its queries.
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
] as const;

export type ViewName = (typeof viewNames)[number];

export const viewKey = (view: ViewName) => [view] as const;

export const isViewName = (name: string): name is ViewName => (viewNames as readonly string[]).includes(name);
