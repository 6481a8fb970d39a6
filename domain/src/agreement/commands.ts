import { streams } from '@building/events/streams';
import { apartmentAggregate } from '../apartment/apartment.ts';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { agreementAggregate } from './agreement.ts';
import { decideAgreement, type AgreementCommand } from './decide.ts';

// The agreement commands: each loads what its decision reads, decides, appends (handleCommand).

const decideOn = (context: CommandContext, si: number, command: AgreementCommand, by: Caller, now: Date) =>
  handleCommand(
    context,
    {
      command: command.type,
      load: async () => ({
        agreement: await loadAggregate(context, streams.agreement(si), agreementAggregate),
      }),
      decide: ({ agreement }) => decideAgreement(command, agreement.state),
    },
    commandMeta(context, by, now),
  );

/** The caller asks for the apartment as its own stream lists it (never the client's copy). */
export const requestAgreement = (
  context: CommandContext,
  { si, requestId, caller, now }: { si: number; requestId: string; caller: Caller; now: Date },
) =>
  handleCommand(
    context,
    {
      command: 'RequestAgreement',
      load: async () => ({
        agreement: await loadAggregate(context, streams.agreement(si), agreementAggregate),
        apartment: await loadAggregate(context, streams.apartment(si), apartmentAggregate),
      }),
      decide: ({ agreement, apartment }) =>
        decideAgreement(
          {
            type: 'RequestAgreement',
            data: {
              requestId,
              apartment: apartment.state.status === 'listed' ? apartment.state.details : null,
              requester: caller,
              now,
            },
          },
          agreement.state,
        ),
    },
    commandMeta(context, caller, now),
  );

/** The months of rent a new lease owes as its deposit when DEPOSIT_MONTHS does not say. */
export const defaultDepositMonths = 2;

/**
 * An admin accepts `email`'s pending request: books the apartment, rejects the rivals, promotes the
 * user, and the lease owes its deposit.
 */
export const acceptAgreement = (
  context: CommandContext,
  {
    si,
    email,
    caller,
    now,
    depositMonths = defaultDepositMonths,
  }: { si: number; email: string; caller: Caller; now: Date; depositMonths?: number },
) =>
  decideOn(
    context,
    si,
    { type: 'AcceptAgreement', data: { si, userEmail: email, by: caller, now, depositMonths } },
    caller,
    now,
  );

/** An admin rejects `email`'s pending request, or (no email) the apartment's only one. */
export const rejectAgreement = (
  context: CommandContext,
  { si, email, caller, now }: { si: number; email: string | null; caller: Caller; now: Date },
) =>
  decideOn(context, si, { type: 'RejectAgreement', data: { si, userEmail: email, by: caller } }, caller, now);

/** The requester takes back their own pending request. */
export const withdrawAgreement = (
  context: CommandContext,
  { si, caller, now }: { si: number; caller: Caller; now: Date },
) => decideOn(context, si, { type: 'WithdrawAgreement', data: { si, requester: caller, now } }, caller, now);
