import type { EventData } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import type { AgreementState } from '../agreement/agreement.ts';
import type { Caller } from '../command-handling/caller.ts';
import { decideMaintenance, type MaintenanceLease, type TriageStatus } from '../maintenance/decide.ts';
import type { MaintenanceState } from '../maintenance/maintenance.ts';
import { activeLeaseOf } from '../payments/lease-terms.ts';
import type { UserState } from '../user/user.ts';
import { callerOf, decided, type Decision, type DecidingLog } from './decision.ts';

type Filing = Pick<EventData<'MaintenanceRequested'>, 'category' | 'description' | 'photos'>;

const requestState = (log: DecidingLog, requestId: string) =>
  log.state<MaintenanceState>(streams.maintenance(requestId));

/** The member's active lease of `si` (or their latest), as the maintenance routes find it. */
function leaseOf(log: DecidingLog, email: string, si?: number): MaintenanceLease | null {
  const user = log.state<UserState>(streams.user(email));
  const leases = user.status === 'registered' ? user.leases : [];
  const chosen = si ?? leases.at(-1);
  if (chosen === undefined || !leases.includes(chosen)) return null;
  const lease = activeLeaseOf(log.state<AgreementState>(streams.agreement(chosen)), email);
  return lease && { si: lease.si, apartment: lease.apartment, block: lease.block };
}

/** Whether `by` still leases the apartment of request `requestId`, as the comment route asks. */
function leaseHeldFor(log: DecidingLog, requestId: string, by: Caller): boolean {
  const si = requestState(log, requestId).si;
  return si !== null && leaseOf(log, by.email, si) !== null;
}

export function fileMaintenanceRequest(
  log: DecidingLog,
  email: string,
  filing: Filing & { requestId: string; si?: number },
): Decision {
  const { requestId, si, ...rest } = filing;
  const by = callerOf(log, email);
  const command = {
    type: 'FileMaintenanceRequest',
    data: { ...rest, requestId, lease: leaseOf(log, email, si), by, now: log.now() },
  } as const;
  return decided(decideMaintenance(command, requestState(log, requestId)), by);
}

/** An admin moves a request on (a visit needs its date, a decline its reason). */
export const changeMaintenanceStatus = (
  log: DecidingLog,
  requestId: string,
  status: TriageStatus,
  more: { scheduledFor?: string; reason?: string },
  by: Caller,
): Decision =>
  decided(
    decideMaintenance(
      { type: 'ChangeMaintenanceStatus', data: { requestId, status, ...more, by, now: log.now() } },
      requestState(log, requestId),
    ),
    by,
  );

export const commentOnMaintenanceRequest = (
  log: DecidingLog,
  requestId: string,
  text: string,
  by: Caller,
): Decision =>
  decided(
    decideMaintenance(
      {
        type: 'CommentOnMaintenanceRequest',
        data: { requestId, text, by, now: log.now(), leaseHeld: leaseHeldFor(log, requestId, by) },
      },
      requestState(log, requestId),
    ),
    by,
  );
