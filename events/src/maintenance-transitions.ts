import type { maintenanceStatuses } from './catalogue.ts';

type Status = (typeof maintenanceStatuses)[number];
export type TriageStatus = Exclude<Status, 'open'>;

/**
 * Where a maintenance request may go from each status: forward through the triage, a visit may be
 * (re)scheduled until the work is done, and done or declined closes it. The decider enforces it;
 * the admin's screen offers only these.
 */
export const nextMaintenanceStatuses: Readonly<Record<Status, readonly TriageStatus[]>> = {
  open: ['acknowledged', 'scheduled', 'in-progress', 'done', 'declined'],
  acknowledged: ['scheduled', 'in-progress', 'done', 'declined'],
  scheduled: ['scheduled', 'in-progress', 'done', 'declined'],
  'in-progress': ['scheduled', 'done', 'declined'],
  done: [],
  declined: [],
};

export const isClosedMaintenanceStatus = (status: Status) => nextMaintenanceStatuses[status].length === 0;
