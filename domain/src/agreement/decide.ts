import type { ApartmentDetails, DomainEvent } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { requireAdmin, type Caller } from '../command-handling/caller.ts';
import { depositOwed } from '../account/decide-deposit.ts';
import { pendingRequests, type AgreementRequest, type AgreementState } from './agreement.ts';

export type AgreementCommand =
  | {
      type: 'RequestAgreement';
      /** The apartment as its own stream says (null: no such apartment); never the client's copy. */
      data: { requestId: string; apartment: ApartmentDetails | null; requester: Caller; now: Date };
    }
  | {
      type: 'AcceptAgreement';
      /** `depositMonths`: the months of rent the lease owes as its deposit (DEPOSIT_MONTHS; 0: none). */
      data: { si: number; userEmail: string; by: Caller; now: Date; depositMonths: number };
    }
  /** Without a requester (the original client sends none), the apartment's only pending request. */
  | { type: 'RejectAgreement'; data: { si: number; userEmail: string | null; by: Caller } }
  | { type: 'WithdrawAgreement'; data: { si: number; requester: Caller; now: Date } };

export function decideAgreement(command: AgreementCommand, state: AgreementState): DomainEvent[] {
  switch (command.type) {
    case 'RequestAgreement':
      return requestAgreement(command.data, state);
    case 'AcceptAgreement':
      return acceptAgreement(command.data, state);
    case 'RejectAgreement':
      return rejectAgreement(command.data, state);
    case 'WithdrawAgreement':
      return withdrawAgreement(command.data, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}

function requestAgreement(
  { requestId, apartment, requester, now }: Extract<AgreementCommand, { type: 'RequestAgreement' }>['data'],
  state: AgreementState,
): DomainEvent[] {
  if (requester.role === 'admin')
    throw refuse('admin-cannot-request', 'an admin cannot request an agreement');
  if (!apartment) throw refuse('apartment-not-found', 'no such apartment');
  if (state.lease) throw alreadyBooked(apartment.si);
  if (state.requests[requester.email]?.status === 'pending')
    throw refuse(
      'agreement-request-pending',
      `you already have a pending request for apartment ${apartment.si}`,
    );
  const { image: _image, ...lease } = apartment;
  return [
    {
      type: 'AgreementRequested',
      data: {
        ...lease,
        requestId,
        userEmail: requester.email,
        userName: requester.name,
        requestedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * Accept books the apartment, rejects every other pending request for it, makes the requester a
 * member and has the lease owe its deposit, due at once: one decision, appended in one transaction.
 */
function acceptAgreement(
  { si, userEmail, by, now, depositMonths }: Extract<AgreementCommand, { type: 'AcceptAgreement' }>['data'],
  state: AgreementState,
): DomainEvent[] {
  requireAdmin(by, 'accept an agreement');
  const request = pendingRequest(state, si, userEmail);
  if (state.lease) throw alreadyBooked(si);
  const { status: _status, requestedAt: _requestedAt, ...terms } = request;
  return [
    { type: 'AgreementAccepted', data: { ...terms, acceptedAt: now.toISOString() } },
    ...pendingRequests(state)
      .filter((other) => other.userEmail !== userEmail)
      .map((other): DomainEvent => ({
        type: 'AgreementRejected',
        data: { requestId: other.requestId, si, userEmail: other.userEmail, reason: 'apartment-booked' },
      })),
    { type: 'MemberPromoted', data: { email: userEmail, si } },
    ...(depositMonths > 0
      ? [
          {
            type: 'DepositOwed',
            data: {
              leaseId: request.requestId,
              si,
              apartment: request.apartment,
              email: userEmail,
              name: request.userName,
              months: depositMonths,
              amountPoisha: depositOwed(request.rent * 100, depositMonths),
              owedAt: now.toISOString(),
            },
          } satisfies DomainEvent,
        ]
      : []),
  ];
}

function rejectAgreement(
  { si, userEmail, by }: Extract<AgreementCommand, { type: 'RejectAgreement' }>['data'],
  state: AgreementState,
): DomainEvent[] {
  requireAdmin(by, 'reject an agreement');
  const request = userEmail ? pendingRequest(state, si, userEmail) : onlyPendingRequest(state, si);
  return [
    {
      type: 'AgreementRejected',
      data: { requestId: request.requestId, si, userEmail: request.userEmail, reason: 'rejected-by-admin' },
    },
  ];
}

/** The requester takes back their own pending request; a decided one stays as decided. */
function withdrawAgreement(
  { si, requester, now }: Extract<AgreementCommand, { type: 'WithdrawAgreement' }>['data'],
  state: AgreementState,
): DomainEvent[] {
  const request = pendingRequest(state, si, requester.email);
  return [
    {
      type: 'AgreementWithdrawn',
      data: { requestId: request.requestId, si, userEmail: requester.email, withdrawnAt: now.toISOString() },
    },
  ];
}

function onlyPendingRequest(state: AgreementState, si: number): AgreementRequest {
  const pending = pendingRequests(state);
  if (pending.length === 0)
    throw refuse('agreement-request-not-found', `no pending request for apartment ${si}`);
  if (pending.length > 1)
    throw refuse(
      'agreement-request-ambiguous',
      `apartment ${si} has ${pending.length} pending requests (${pending.map((r) => r.userEmail).join(', ')}): say whose to reject with "email"`,
    );
  return pending[0]!;
}

function pendingRequest(state: AgreementState, si: number, userEmail: string): AgreementRequest {
  const request = state.requests[userEmail];
  if (!request) throw refuse('agreement-request-not-found', `no request by ${userEmail} for apartment ${si}`);
  if (request.status !== 'pending')
    throw refuse(
      'agreement-request-decided',
      `the request by ${userEmail} for apartment ${si} is ${request.status}`,
    );
  return request;
}

const alreadyBooked = (si: number) => refuse('apartment-already-booked', `apartment ${si} is already booked`);
