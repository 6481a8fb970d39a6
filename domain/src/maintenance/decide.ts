import type { DomainEvent, EventData } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import {
  isClosedMaintenanceStatus,
  nextMaintenanceStatuses,
  type TriageStatus,
} from '@building/events/maintenance-transitions';
import { requireAdmin, type Caller } from '../command-handling/caller.ts';
import type { MaintenanceState } from './maintenance.ts';

type Filing = Pick<EventData<'MaintenanceRequested'>, 'category' | 'description' | 'photos'>;
/** The apartment a request is about, as the member's accepted lease says (null: no lease now). */
export type MaintenanceLease = Pick<EventData<'MaintenanceRequested'>, 'si' | 'apartment' | 'block'>;
export type { TriageStatus };

export type MaintenanceCommand =
  | {
      type: 'FileMaintenanceRequest';
      data: Filing & { requestId: string; lease: MaintenanceLease | null; by: Caller; now: Date };
    }
  | {
      type: 'ChangeMaintenanceStatus';
      data: {
        requestId: string;
        status: TriageStatus;
        scheduledFor?: string | undefined;
        reason?: string | undefined;
        by: Caller;
        now: Date;
      };
    }
  | {
      type: 'CommentOnMaintenanceRequest';
      data: {
        requestId: string;
        text: string;
        by: Caller;
        now: Date;
        /** Whether the caller still leases the request's apartment (the route looks it up). */
        leaseHeld: boolean;
      };
    };

export function decideMaintenance(command: MaintenanceCommand, state: MaintenanceState): DomainEvent[] {
  switch (command.type) {
    case 'FileMaintenanceRequest':
      return fileRequest(command.data, state);
    case 'ChangeMaintenanceStatus':
      return changeStatus(command.data, state);
    case 'CommentOnMaintenanceRequest':
      return comment(command.data, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}

type DataOf<T extends MaintenanceCommand['type']> = Extract<MaintenanceCommand, { type: T }>['data'];

function fileRequest(
  { requestId, lease, by, now, ...filing }: DataOf<'FileMaintenanceRequest'>,
  state: MaintenanceState,
): DomainEvent[] {
  if (!lease) throw refuse('no-active-lease', 'only a member with an active lease may file a request');
  if (state.filed)
    throw refuse('maintenance-request-already-filed', `request ${requestId} was already filed`);
  return [
    {
      type: 'MaintenanceRequested',
      data: {
        requestId,
        email: by.email,
        name: by.name,
        ...lease,
        ...filing,
        requestedAt: now.toISOString(),
      },
    },
  ];
}

function changeStatus(
  { requestId, status, scheduledFor, reason, by, now }: DataOf<'ChangeMaintenanceStatus'>,
  state: MaintenanceState,
): DomainEvent[] {
  requireAdmin(by, 'triage a maintenance request');
  const filed = filedRequest(state, requestId);
  checkStatusFields({ status, scheduledFor, reason, now });
  // A repeated click changes nothing.
  if (state.status === status && (status !== 'scheduled' || state.scheduledFor === scheduledFor)) return [];
  if (isClosedMaintenanceStatus(state.status))
    throw refuse('maintenance-request-closed', `request ${requestId} is ${state.status}: it cannot change`);
  if (!nextMaintenanceStatuses[state.status].includes(status))
    throw refuse(
      'maintenance-status-not-allowed',
      `a request that is ${state.status} cannot become ${status}`,
    );
  return [
    {
      type: 'MaintenanceStatusChanged',
      data: {
        requestId,
        ...filed,
        status,
        ...(scheduledFor !== undefined && { scheduledFor }),
        ...(reason !== undefined && { reason }),
        changedBy: by.email,
        changedAt: now.toISOString(),
      },
    },
  ];
}

/** Dhaka's calendar date at `now` (UTC+6, no daylight saving): the building's today. */
const buildingToday = (now: Date) => new Date(now.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);

/** A visit needs its date (today or later), a refusal its reason; no status takes the other's field. */
function checkStatusFields({
  status,
  scheduledFor,
  reason,
  now,
}: Pick<DataOf<'ChangeMaintenanceStatus'>, 'status' | 'scheduledFor' | 'reason' | 'now'>) {
  const invalid = (field: string, message: string) =>
    refuse('invalid-input', `${field}: ${message}`, { fields: [{ field, message }] });
  if (status === 'scheduled' && scheduledFor === undefined)
    throw invalid('scheduledFor', 'a scheduled visit needs its date');
  if (status !== 'scheduled' && scheduledFor !== undefined)
    throw invalid('scheduledFor', 'only a scheduled visit has a date');
  if (scheduledFor !== undefined && scheduledFor < buildingToday(now))
    throw invalid('scheduledFor', 'the date has passed');
  if (status === 'declined' && reason === undefined) throw invalid('reason', 'a decline needs its reason');
  if (status !== 'declined' && reason !== undefined) throw invalid('reason', 'only a decline has a reason');
}

/**
 * Comments come from the member who filed the request while they lease its apartment, or from an
 * admin. After the lease ends the request is read-only for its former member (as residents
 * expect of a flat they left): refused as no-active-lease.
 */
function comment(
  { requestId, text, by, now, leaseHeld }: DataOf<'CommentOnMaintenanceRequest'>,
  state: MaintenanceState,
): DomainEvent[] {
  const filed = filedRequest(state, requestId);
  const admin = by.role === 'admin';
  if (!admin && by.email !== filed.email)
    throw refuse(
      'not-your-maintenance-request',
      'only the member who filed the request or an admin may comment',
    );
  if (!admin && !leaseHeld)
    throw refuse(
      'no-active-lease',
      `your lease of apartment ${filed.apartment} has ended: request ${requestId} is read-only now`,
    );
  return [
    {
      type: 'MaintenanceCommentAdded',
      data: {
        requestId,
        email: filed.email,
        author: by.email,
        authorRole: admin ? 'admin' : 'member',
        text,
        commentedAt: now.toISOString(),
      },
    },
  ];
}

/** The filed request's member and apartment, or 404. */
function filedRequest(state: MaintenanceState, requestId: string) {
  if (!state.filed || state.email === null || state.si === null || state.apartment === null)
    throw refuse('maintenance-request-not-found', `no maintenance request ${requestId}`);
  return { email: state.email, si: state.si, apartment: state.apartment };
}
