import { chargeWording } from '@building/events/account/charge-names';
import { streams } from '@building/events/streams';
import { commandMeta } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { decideCharges } from './add-charges.ts';
import { apartmentLeasesAggregate, leaseOfMonth } from './apartment-leases.ts';
import type { AccountMonth } from './decide-offline-payment.ts';
import { decideLateFee } from './decide-late-fee.ts';
import { monthAccountAggregate } from './month-account.ts';
import { plannedServicePoisha, tariffAggregate } from './tariff.ts';

/**
 * The scheduler issues an apartment's service charge for a month from the plan in force, once:
 * several schedulers race on the month's payment stream and the loser is refused
 * (`charge-already-issued`). Nothing when the plan charges the apartment's block nothing.
 */
export async function issueServiceCharge(context: CommandContext, request: AccountMonth & { now: Date }) {
  const { si, month, year, now } = request;
  const plan = await loadAggregate(context, streams.tariff('service'), tariffAggregate);
  const leases = await loadAggregate(context, streams.agreement(si), apartmentLeasesAggregate);
  const lease = leaseOfMonth(leases.state, request);
  const amountPoisha = lease ? plannedServicePoisha(plan.state.plan, lease.block) : 0;
  if (lease && amountPoisha === 0) return { events: [], position: plan.position };
  const charge = {
    si,
    chargeId: context.newId(),
    kind: 'service' as const,
    amountPoisha,
    description: chargeWording('service'),
    origin: 'plan' as const,
  };
  return decideCharges(
    context,
    [si],
    { type: 'AddCharges', data: { month, year, charges: [charge], named: true, by: 'scheduler', at: now } },
    'system',
    now,
  );
}

/** The scheduler charges a month's late fee (`percent` of its unpaid rent), once. */
export function chargeLateFee(
  context: CommandContext,
  request: AccountMonth & { percent: number; now: Date },
) {
  const { now, ...data } = request;
  return handleCommand(
    context,
    {
      command: 'ChargeLateFee',
      load: async () => ({
        leases: await loadAggregate(context, streams.agreement(data.si), apartmentLeasesAggregate),
        month: await loadAggregate(
          context,
          streams.payment(data.si, data.year, data.month),
          monthAccountAggregate,
        ),
      }),
      decide: ({ leases, month }) =>
        decideLateFee(
          { type: 'ChargeLateFee', data: { ...data, at: now } },
          { leases: leases.state, month: month.state },
        ),
    },
    commandMeta(context, 'system', now),
  );
}
