import type { EventData } from '@building/events/catalogue';
import { DomainError, refuse } from '@building/events/domain-error';
import { streams } from '@building/events/streams';
import { agreementAggregate } from '../agreement/agreement.ts';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { activeLeaseOf } from '../payments/lease-terms.ts';
import { userAggregate } from '../user/user.ts';
import {
  decideMaintenance,
  type MaintenanceCommand,
  type MaintenanceLease,
  type TriageStatus,
} from './decide.ts';
import { maintenanceAggregate } from './maintenance.ts';

type Filing = Pick<EventData<'MaintenanceRequested'>, 'category' | 'description' | 'photos'>;

const decideOn = (
  context: CommandContext,
  requestId: string,
  command: MaintenanceCommand,
  by: Caller,
  now: Date,
) =>
  handleCommand(
    context,
    {
      command: command.type,
      load: async () => ({
        request: await loadAggregate(context, streams.maintenance(requestId), maintenanceAggregate),
      }),
      decide: ({ request }) => decideMaintenance(command, request.state),
    },
    commandMeta(context, by, now),
  );

/**
 * A member files a request about the apartment they lease (`si`, when they hold several; default
 * their latest): its si, name and block come from the lease, never from the caller.
 */
export async function fileMaintenanceRequest(
  context: CommandContext,
  input: Filing & { requestId: string; si?: number | undefined; caller: Caller; now: Date },
) {
  const { requestId, si, caller, now, ...filing } = input;
  const lease = await leaseOf(context, caller, si);
  return decideOn(
    context,
    requestId,
    { type: 'FileMaintenanceRequest', data: { requestId, lease, by: caller, now, ...filing } },
    caller,
    now,
  );
}

/** An admin moves a request on (a visit needs its date, a decline its reason). */
export const changeMaintenanceStatus = (
  context: CommandContext,
  input: {
    requestId: string;
    status: TriageStatus;
    scheduledFor?: string | undefined;
    reason?: string | undefined;
    caller: Caller;
    now: Date;
  },
) => {
  const { caller, now, ...change } = input;
  return decideOn(
    context,
    change.requestId,
    { type: 'ChangeMaintenanceStatus', data: { ...change, by: caller, now } },
    caller,
    now,
  );
};

/** The member who filed the request, while they lease its apartment, or an admin, comments. */
export async function commentOnMaintenanceRequest(
  context: CommandContext,
  { requestId, text, caller, now }: { requestId: string; text: string; caller: Caller; now: Date },
) {
  const leaseHeld = caller.role !== 'admin' && (await holdsLeaseFor(context, caller, requestId));
  return decideOn(
    context,
    requestId,
    { type: 'CommentOnMaintenanceRequest', data: { requestId, text, by: caller, now, leaseHeld } },
    caller,
    now,
  );
}

/** Whether the caller still leases the apartment request `requestId` is about. */
async function holdsLeaseFor(context: CommandContext, caller: Caller, requestId: string): Promise<boolean> {
  const request = await loadAggregate(context, streams.maintenance(requestId), maintenanceAggregate);
  const si = request.state.si;
  if (si === null) return false;
  try {
    return (await leaseOf(context, caller, si)) !== null;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'no-active-lease') return false;
    throw error;
  }
}

/**
 * The caller's active lease (the one named, or their latest) as its agreement stream says, or null.
 * The user stream lists the apartments they were promoted for; the agreement stream confirms the
 * lease still holds.
 */
async function leaseOf(
  context: CommandContext,
  caller: Caller,
  si: number | undefined,
): Promise<MaintenanceLease | null> {
  const user = await loadAggregate(context, streams.user(caller.email), userAggregate);
  const leases = user.state.status === 'registered' ? user.state.leases : [];
  const chosen = si ?? leases.at(-1);
  if (chosen === undefined) return null;
  if (!leases.includes(chosen)) throw refuse('no-active-lease', `you do not lease apartment ${chosen}`);
  const agreement = await loadAggregate(context, streams.agreement(chosen), agreementAggregate);
  const lease = activeLeaseOf(agreement.state, caller.email);
  return lease && { si: lease.si, apartment: lease.apartment, block: lease.block };
}
