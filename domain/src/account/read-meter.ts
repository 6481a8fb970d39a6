import type { Utility } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { apartmentLeasesAggregate } from './apartment-leases.ts';
import { decideMeterReading } from './decide-meter-reading.ts';
import { meterAggregate } from './meter.ts';
import { tariffAggregate } from './tariff.ts';

/**
 * An admin enters a meter's reading: the meter's stream decides its order (two desks entering
 * the same meter at once: one reading wins, the other is decided again on it), and the bill it
 * makes is appended to the month's payment stream in the same transaction.
 */
export async function readMeter(
  context: CommandContext,
  request: { si: number; utility: Utility; reading: number; readAt: Date; caller: Caller; now: Date },
) {
  const { si, utility, caller, now } = request;
  const chargeId = context.newId();
  const result = await handleCommand(
    context,
    {
      command: 'ReadMeter',
      load: async () => ({
        leases: await loadAggregate(context, streams.agreement(si), apartmentLeasesAggregate),
        meter: await loadAggregate(context, streams.meter(si, utility), meterAggregate),
        tariff: await loadAggregate(context, streams.tariff(utility), tariffAggregate),
      }),
      decide: ({ leases, meter, tariff }) =>
        decideMeterReading(
          { type: 'ReadMeter', data: { ...request, chargeId, by: caller, at: now } },
          { leases: leases.state, meter: meter.state, tariff: tariff.state },
        ),
    },
    commandMeta(context, caller, now),
  );
  const billed = result.events.find((e) => e.type === 'ChargeAdded');
  return {
    insertedId: result.events[0]?.id ?? null,
    chargeId: billed ? chargeId : null,
    amountPoisha: billed ? (billed.data as { amountPoisha: number }).amountPoisha : 0,
    position: result.position,
  };
}
