import { viewNames, type ViewName } from '@building/events/read-models/view-names';

/**
 * Every query key starts with the name of the read view it comes from (the read-model contracts'
 * names), so a change of that view (a command's answer, or the query-service's live stream)
 * invalidates exactly its queries.
 */
export { viewNames, type ViewName };

export const viewKey = (view: ViewName) => [view] as const;

export const isViewName = (name: string): name is ViewName => (viewNames as readonly string[]).includes(name);
