import type { SettleDepositRequest } from '@building/events/requests/account-requests';
import type { Caller } from '@building/domain/command-handling/caller';
import { decideDeposit } from '@building/domain/account/decide-deposit';
import { loadDeposit, settleDeposit } from '@building/domain/account/deposit-commands';
import type { DepositState } from '@building/domain/account/deposit';
import type { PaymentDeps } from '../payments/payment-deps.ts';

/** A card return with nothing to give back names no refund. */
const nothingReturned = 'nothing-returned';

/**
 * Settles an ended lease's deposit. The rules are the decider's, checked first on the state as read;
 * a card return is then refunded through the provider (oldest card payment first, each refund keyed
 * by the lease and payment, so a retry gets the same refunds back) and the refunds' ids become the
 * settlement's reference. A settlement that loses a race to another is refused as already settled,
 * and the retried refunds are the same ones.
 */
export async function settleWithReturn(
  deps: PaymentDeps,
  request: SettleDepositRequest,
  { caller, now }: { caller: Caller; now: Date },
) {
  const deductions = request.deductions.map((d) => ({ reason: d.reason, amountPoisha: d.amount }));
  const { leases, deposit } = await loadDeposit(deps.commands, request)();
  const [decided] = decideDeposit(
    {
      type: 'SettleDeposit',
      data: { ...request, deductions, reference: request.reference ?? nothingReturned, by: caller, at: now },
    },
    { leases: leases.state, deposit: deposit.state },
  );
  const returned = decided?.type === 'DepositSettled' ? decided.data.returnedPoisha : 0;
  const reference =
    request.method === 'card' ? await refundByCard(deps, deposit.state, returned) : request.reference!;
  return settleDeposit(deps.commands, { ...request, deductions, reference, caller, now });
}

async function refundByCard(deps: PaymentDeps, deposit: DepositState, returnedPoisha: number) {
  const refunds: string[] = [];
  let left = returnedPoisha;
  for (const payment of deposit.payments.filter((p) => p.method === 'card')) {
    if (left === 0) break;
    const amountPoisha = Math.min(left, payment.amountPoisha);
    const refund = await deps.provider.refundPart({
      paymentIntentId: payment.paymentId,
      amountPoisha,
      idempotencyKey: `deposit-return-${payment.leaseId}-${payment.paymentId}`,
    });
    refunds.push(refund.id);
    left -= amountPoisha;
  }
  return refunds.join(' ') || nothingReturned;
}
