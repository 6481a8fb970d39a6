import { createHash } from 'node:crypto';
import { refuse } from '@building/events/domain-error';
import { streams } from '@building/events/streams';
import type { Caller } from '@building/domain/command-handling/caller';
import { depositLease, depositRemaining } from '@building/domain/account/decide-deposit';
import { loadDeposit, payDeposit } from '@building/domain/account/deposit-commands';
import { depositMetadata, readDepositMetadata } from '@building/domain/account/deposit-intent';
import type { IntentFacts } from '@building/domain/payments/intent-facts';
import type { PaymentDeps } from '../payments/payment-deps.ts';

/** What the card form needs: the spec's `ClientSecret`, the intent, and what it charges (taka and poisha). */
export interface DepositPaymentAnswer {
  ClientSecret: string;
  paymentIntentId: string;
  payable: number;
  amount: number;
  position: number;
}

/**
 * The member pays what their lease's deposit still owes by card: the server prices it from the
 * deposit's stream, and the same deposit at the same version gets the same intent back. Nothing is
 * recorded until the provider says the intent succeeded (recordDepositIntent).
 */
export async function startDepositPayment(
  deps: PaymentDeps,
  { si, caller }: { si: number; caller: Caller },
): Promise<DepositPaymentAnswer> {
  const { leases, deposit } = await loadDeposit(deps.commands, { si, email: caller.email })();
  const lease = depositLease(leases.state, { si, email: caller.email });
  const owed = deposit.state.owed;
  if (!owed) throw refuse('deposit-not-found', `the lease of apartment ${si} owes no deposit`);
  if (deposit.state.settled)
    throw refuse('deposit-already-settled', `the deposit of apartment ${si} is settled`);
  const amount = depositRemaining(deposit.state);
  if (amount === 0) throw refuse('deposit-already-paid', `the deposit of apartment ${si} is paid in full`);
  const intent = await deps.provider.createIntent({
    amountPoisha: amount,
    metadata: depositMetadata({ leaseId: lease.leaseId, si, email: lease.email, amount }),
    description: `Deposit of apartment ${lease.apartment} (block ${lease.block})`,
    idempotencyKey: `deposit-${createHash('sha256')
      .update(JSON.stringify([streams.deposit(lease.leaseId), deposit.version, amount]))
      .digest('hex')}`,
  });
  return {
    ClientSecret: intent.clientSecret ?? '',
    paymentIntentId: intent.id,
    payable: amount / 100,
    amount,
    position: deposit.position,
  };
}

export type DepositIntentOutcome =
  | { kind: 'paid'; paymentId: string; position: number }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'pending'; status: string }
  | { kind: 'not-deposit' };

/**
 * Records a deposit intent the provider says succeeded, once, whoever reports it first (the
 * member's POST /payment or the signed webhook); its amount is the provider's, never the client's.
 */
export async function recordDepositIntent(
  deps: PaymentDeps,
  intent: IntentFacts,
  { by, now }: { by: Caller | 'system'; now: Date },
): Promise<DepositIntentOutcome> {
  const meta = readDepositMetadata(intent.metadata);
  if (!meta) return { kind: 'not-deposit' };
  if (intent.status === 'succeeded') {
    const result = await payDeposit(deps.commands, {
      si: meta.si,
      email: meta.email,
      paymentId: intent.id,
      method: 'card',
      reference: intent.id,
      amountPoisha: intent.amount,
      caller: by,
      now,
    });
    return { kind: 'paid', paymentId: intent.id, position: result.position };
  }
  if (intent.status === 'requires_payment_method' && intent.lastError)
    return { kind: 'failed', code: intent.lastError.code, message: intent.lastError.message };
  return { kind: 'pending', status: intent.status };
}

/**
 * POST /payment for a deposit intent: the member (or an admin) reports it confirmed; answered like
 * a rent payment, a decline as 402 and an unfinished intent as 409.
 */
export async function answerDepositPayment(
  deps: PaymentDeps,
  intent: IntentFacts,
  { caller, now }: { caller: Caller; now: Date },
) {
  const meta = readDepositMetadata(intent.metadata)!;
  if (caller.role !== 'admin' && caller.email.toLowerCase() !== meta.email.toLowerCase())
    throw refuse('not-your-payment', 'this payment is not yours');
  const outcome = await recordDepositIntent(deps, intent, { by: caller, now });
  switch (outcome.kind) {
    case 'paid':
      return { insertedId: outcome.paymentId, position: outcome.position, TransactionId: intent.id };
    case 'failed':
      throw refuse('payment-declined', outcome.message, { facts: { code: outcome.code } });
    case 'pending':
      throw refuse('payment-in-progress', `the payment is not complete yet (${outcome.status})`);
    case 'not-deposit':
      throw refuse('payment-not-found', `no deposit payment ${intent.id}`);
  }
}
