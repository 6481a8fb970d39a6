import type { ApartmentDetails } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import type { AgreementState } from '../agreement/agreement.ts';
import { decideAgreement } from '../agreement/decide.ts';
import type { ApartmentState } from '../apartment/apartment.ts';
import type { Caller } from '../command-handling/caller.ts';
import { callerOf, decided, type Decision, type DecidingLog } from './decision.ts';

const agreementState = (log: DecidingLog, si: number) => log.state<AgreementState>(streams.agreement(si));

/** The apartment as its own stream lists it (null: not listed), as the agreement routes read it. */
function listed(log: DecidingLog, si: number): ApartmentDetails | null {
  const apartment = log.state<ApartmentState>(streams.apartment(si));
  return apartment.status === 'listed' ? apartment.details : null;
}

export function requestAgreement(log: DecidingLog, si: number, email: string, requestId: string): Decision {
  const requester = callerOf(log, email);
  const command = {
    type: 'RequestAgreement',
    data: { requestId, apartment: listed(log, si), requester, now: log.now() },
  } as const;
  return decided(decideAgreement(command, agreementState(log, si)), requester);
}

/** Accepts the user's pending request: books the apartment, rejects the rivals, promotes the user. */
export const acceptAgreement = (log: DecidingLog, si: number, userEmail: string, by: Caller): Decision =>
  decided(
    decideAgreement(
      { type: 'AcceptAgreement', data: { si, userEmail, by, now: log.now() } },
      agreementState(log, si),
    ),
    by,
  );

export const rejectAgreement = (log: DecidingLog, si: number, userEmail: string, by: Caller): Decision =>
  decided(
    decideAgreement({ type: 'RejectAgreement', data: { si, userEmail, by } }, agreementState(log, si)),
    by,
  );

export function withdrawAgreement(log: DecidingLog, si: number, email: string): Decision {
  const requester = callerOf(log, email);
  return decided(
    decideAgreement(
      { type: 'WithdrawAgreement', data: { si, requester, now: log.now() } },
      agreementState(log, si),
    ),
    requester,
  );
}

/** The pending request of this id, as the agreement stream holds it. */
export function pendingRequestById(log: DecidingLog, si: number, requestId: string) {
  return Object.values(agreementState(log, si).requests).find(
    (r) => r.requestId === requestId && r.status === 'pending',
  );
}
