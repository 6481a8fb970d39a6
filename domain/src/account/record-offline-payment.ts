import type { OfflinePaymentRequest } from '@building/events/requests/account-requests';
import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { apartmentLeasesAggregate } from './apartment-leases.ts';
import {
  decideOfflinePayment,
  paymentWithReference,
  type AccountMonth,
  type OfflinePaymentCommand,
} from './decide-offline-payment.ts';
import { monthAccountAggregate } from './month-account.ts';

/** The apartment's leases and the month's money, as an offline-payment decision reads them. */
const loadMonth = (context: CommandContext, m: AccountMonth) => async () => ({
  leases: await loadAggregate(context, streams.agreement(m.si), apartmentLeasesAggregate),
  month: await loadAggregate(context, streams.payment(m.si, m.year, m.month), monthAccountAggregate),
});

const decideOn = (context: CommandContext, command: OfflinePaymentCommand, by: Caller, now: Date) =>
  handleCommand(
    context,
    {
      command: command.type,
      load: loadMonth(context, command.data),
      decide: ({ leases, month }) =>
        decideOfflinePayment(command, { leases: leases.state, month: month.state }),
    },
    commandMeta(context, by, now),
  );

/**
 * An admin records money received outside the card provider, or finds the one the month already
 * holds under the same reference (a desk's double click, a retried request): either way its id
 * comes back.
 */
export async function recordOfflinePayment(
  context: CommandContext,
  request: OfflinePaymentRequest & { paymentId: string; caller: Caller; now: Date },
) {
  const { amount, caller, now, ...rest } = request;
  const result = await decideOn(
    context,
    { type: 'RecordOfflinePayment', data: { ...rest, amountPoisha: amount, by: caller, at: now } },
    caller,
    now,
  );
  if (result.events.length > 0)
    return {
      paymentId: request.paymentId,
      insertedId: result.events[0]!.id,
      recorded: true,
      position: result.position,
    };
  const { month } = await loadMonth(context, request)();
  const existing = paymentWithReference(month.state, request.reference);
  return {
    paymentId: existing?.paymentId ?? request.paymentId,
    insertedId: null,
    recorded: false,
    position: result.position,
  };
}

/** An admin undoes a payment recorded in error, with the reason. */
export async function reverseOfflinePayment(
  context: CommandContext,
  request: AccountMonth & { paymentId: string; reason: string; caller: Caller; now: Date },
) {
  const { caller, now, ...reversal } = request;
  const result = await decideOn(
    context,
    { type: 'ReversePayment', data: { ...reversal, by: caller, at: now } },
    caller,
    now,
  );
  return { modifiedCount: result.events.length, position: result.position };
}
