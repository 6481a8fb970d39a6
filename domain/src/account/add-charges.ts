import type { AddChargeRequest } from '@building/events/requests/account-requests';
import { streams } from '@building/events/streams';
import type { Loaded } from '../command-handling/aggregate.ts';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { apartmentLeasesAggregate, type ApartmentLeasesState } from './apartment-leases.ts';
import { decideCharge, type ChargeCommand, type ChargeContext } from './decide-charge.ts';
import type { AccountMonth } from './decide-offline-payment.ts';
import { monthAccountAggregate, type MonthAccountState } from './month-account.ts';

type Streams = Record<string, Loaded<ApartmentLeasesState> | Loaded<MonthAccountState>>;

/** Each apartment's leases and month, loaded side by side: one decision appends to all of them at once. */
const loadApartments = (context: CommandContext, sis: number[], m: Omit<AccountMonth, 'si'>) => async () => {
  const loaded: Streams = {};
  for (const si of sis) {
    loaded[`leases-${si}`] = await loadAggregate(context, streams.agreement(si), apartmentLeasesAggregate);
    loaded[`month-${si}`] = await loadAggregate(
      context,
      streams.payment(si, m.year, m.month),
      monthAccountAggregate,
    );
  }
  return loaded;
};

const chargeContextOf = (sis: number[], loaded: Streams): ChargeContext => ({
  apartments: Object.fromEntries(
    sis.map((si) => [
      si,
      {
        leases: loaded[`leases-${si}`]!.state as ApartmentLeasesState,
        month: loaded[`month-${si}`]!.state as MonthAccountState,
      },
    ]),
  ),
});

/** Decides a charge command on the named apartments' streams (all appended, or none). */
export const decideCharges = (
  context: CommandContext,
  sis: number[],
  command: ChargeCommand,
  by: Caller | 'system',
  now: Date,
) =>
  handleCommand(
    context,
    {
      command: command.type,
      load: loadApartments(context, sis, command.data),
      decide: (loaded) => decideCharge(command, chargeContextOf(sis, loaded)),
    },
    commandMeta(context, by, now),
  );

/**
 * An admin charges the target's apartments for a month, each its own charge. `sis` are the
 * target's apartments (the named one; a block's or every leased one, as the caller found them).
 */
export async function addCharges(
  context: CommandContext,
  request: AddChargeRequest & { sis: number[]; caller: Caller; now: Date },
) {
  const { target, month, year, kind, amount, description, sis, caller, now } = request;
  const named = typeof target === 'object' && 'si' in target;
  const charges = sis.map((si) => ({
    si,
    chargeId: context.newId(),
    kind,
    amountPoisha: amount,
    description,
    origin: 'admin' as const,
  }));
  const result = await decideCharges(
    context,
    sis,
    { type: 'AddCharges', data: { month, year, charges, named, by: caller, at: now } },
    caller,
    now,
  );
  return {
    insertedIds: result.events.flatMap((e) =>
      e.type === 'ChargeAdded' ? [(e.data as { chargeId: string }).chargeId] : [],
    ),
    apartments: result.events.length,
    position: result.position,
  };
}

/** An admin takes back an unpaid charge, with the reason. */
export async function cancelCharge(
  context: CommandContext,
  request: AccountMonth & { chargeId: string; reason: string; caller: Caller; now: Date },
) {
  const { caller, now, ...cancel } = request;
  const result = await decideCharges(
    context,
    [request.si],
    { type: 'CancelCharge', data: { ...cancel, by: caller, at: now } },
    caller,
    now,
  );
  return { modifiedCount: result.events.length, position: result.position };
}
