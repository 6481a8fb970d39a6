import type { PaymentMethod } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { loadAggregate } from '../command-handling/load-aggregate.ts';
import { apartmentLeasesAggregate, latestLeaseOf } from './apartment-leases.ts';
import { decideDeposit, type DepositCommand, type DepositOf, type Deduction } from './decide-deposit.ts';
import { depositAggregate } from './deposit.ts';

/**
 * The apartment's leases and the holder's latest lease's deposit stream. The deposit stream is
 * named by the lease, so the leases are read first; both are re-read on a lost race.
 */
export const loadDeposit =
  (context: CommandContext, { si, email }: DepositOf) =>
  async () => {
    const leases = await loadAggregate(context, streams.agreement(si), apartmentLeasesAggregate);
    const lease = latestLeaseOf(leases.state, email);
    const deposit = await loadAggregate(
      context,
      // No lease: an empty stream that is never appended to (the decision refuses first).
      streams.deposit(lease?.leaseId ?? '00000000-0000-4000-8000-000000000000'),
      depositAggregate,
    );
    return { leases, deposit };
  };

const decideOn = (context: CommandContext, command: DepositCommand, by: Caller | 'system', now: Date) =>
  handleCommand(
    context,
    {
      command: command.type,
      load: loadDeposit(context, command.data),
      decide: ({ leases, deposit }) =>
        decideDeposit(command, { leases: leases.state, deposit: deposit.state }),
    },
    commandMeta(context, by, now),
  );

/**
 * Money towards a lease's deposit: offline (an admin, with the method's reference) or by card (the
 * provider's succeeded intent, its id as payment and reference). The same payment or desk
 * reference records once.
 */
export async function payDeposit(
  context: CommandContext,
  request: DepositOf & {
    paymentId: string;
    method: PaymentMethod;
    reference: string;
    amountPoisha: number;
    caller: Caller | 'system';
    now: Date;
  },
) {
  const { caller, now, ...payment } = request;
  const result = await decideOn(
    context,
    { type: 'PayDeposit', data: { ...payment, by: caller, at: now } },
    caller,
    now,
  );
  return { ...result, paymentId: request.paymentId, recorded: result.events.length > 0 };
}

/** An admin settles an ended lease's deposit: the deductions kept, the rest returned as `reference` says. */
export async function settleDeposit(
  context: CommandContext,
  request: DepositOf & {
    deductions: Deduction[];
    method: PaymentMethod;
    reference: string;
    caller: Caller;
    now: Date;
  },
) {
  const { caller, now, ...settlement } = request;
  const result = await decideOn(
    context,
    { type: 'SettleDeposit', data: { ...settlement, by: caller, at: now } },
    caller,
    now,
  );
  return { ...result, modifiedCount: result.events.length };
}
