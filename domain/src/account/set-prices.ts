import type { Utility } from '@building/events/catalogue';
import type { ServicePlanRequest } from '@building/events/requests/account-requests';
import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { decideTariff, type TariffCommand } from './decide-tariff.ts';
import { tariffAggregate } from './tariff.ts';

const decideOn = (context: CommandContext, name: string, command: TariffCommand, by: Caller, now: Date) =>
  handleCommand(
    context,
    {
      command: command.type,
      load: async () => ({ tariff: await loadAggregate(context, streams.tariff(name), tariffAggregate) }),
      decide: ({ tariff }) => decideTariff(command, tariff.state),
    },
    commandMeta(context, by, now),
  );

/** An admin sets the monthly service charge, one amount for all (`amount`) or per block (`byBlock`). */
export async function setServicePlan(
  context: CommandContext,
  request: ServicePlanRequest & { caller: Caller; now: Date },
) {
  const { caller, now } = request;
  const plan = request.byBlock
    ? { amountPoisha: null, byBlock: request.byBlock }
    : { amountPoisha: request.amount ?? 0, byBlock: null };
  const result = await decideOn(
    context,
    'service',
    { type: 'SetServicePlan', data: { ...plan, by: caller, at: now } },
    caller,
    now,
  );
  return { modifiedCount: result.events.length, position: result.position };
}

/** An admin sets a utility's tariff: taka per unit read and a fixed part per bill (as poisha here). */
export async function setTariff(
  context: CommandContext,
  request: { utility: Utility; perUnit: number; fixed: number; caller: Caller; now: Date },
) {
  const { utility, perUnit, fixed, caller, now } = request;
  const result = await decideOn(
    context,
    utility,
    { type: 'SetTariff', data: { utility, perUnitPoisha: perUnit, fixedPoisha: fixed, by: caller, at: now } },
    caller,
    now,
  );
  return { modifiedCount: result.events.length, position: result.position };
}
