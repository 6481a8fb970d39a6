import { commandMeta, type Caller } from '../command-handling/caller.ts';
import type { CommandContext } from '../command-handling/command-context.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import {
  decidePayment,
  quoteRentPayment,
  secondChargeOf,
  type PaymentCommand,
  type RentPaymentRequest,
  type SecondCharge,
} from './decide.ts';
import type { IntentFacts, RefundFacts } from './intent-facts.ts';
import type { RentReminderRequest } from './issue-rent-reminder.ts';
import { contextOf, loadPaymentContext, type PaymentPeriod } from './payment-context.ts';

// The payment commands. The provider's side (opening, reading, refunding intents) is the caller's:
// these load the month, the lease and the coupon, decide, and append.

const decideOn = (
  context: CommandContext,
  period: PaymentPeriod,
  command: PaymentCommand,
  by: Caller | 'system',
  now: Date,
) =>
  handleCommand(
    context,
    {
      command: command.type,
      load: () => loadPaymentContext(context, period),
      decide: (loaded) => decidePayment(command, contextOf(loaded)),
    },
    commandMeta(context, by, now),
  );

/** The price of a month's rent as the rules set it, on the state read now (and that state). */
export async function quoteRent(context: CommandContext, request: RentPaymentRequest, now: Date) {
  const loaded = await loadPaymentContext(context, request);
  return { loaded, quote: quoteRentPayment(request, contextOf(loaded), now) };
}

/** The provider opened `paymentIntentId` for the quoted amount: recorded if the rules still hold. */
export const startRentPayment = (
  context: CommandContext,
  input: {
    request: RentPaymentRequest;
    paymentIntentId: string;
    amountPoisha: number;
    caller: Caller;
    now: Date;
  },
) => {
  const { request, paymentIntentId, amountPoisha, caller, now } = input;
  return decideOn(
    context,
    request,
    { type: 'StartRentPayment', data: { request, paymentIntentId, amountPoisha, now } },
    caller,
    now,
  );
};

/** What the payment provider reports of one intent of a month, and when it was heard. */
interface ProviderReport {
  period: PaymentPeriod;
  intent: IntentFacts;
  by: Caller | 'system';
  now: Date;
}

/**
 * The provider says the intent succeeded: RentPaid, unless the month was paid by another intent
 * meanwhile (then nothing is recorded, and `charge` says whether it is a second charge to refund
 * or one refunded already). Decided on the state the RentPaid would be appended at.
 */
export async function recordRentPaid(context: CommandContext, { period, intent, by, now }: ProviderReport) {
  let charge: SecondCharge = { kind: 'none' };
  const result = await handleCommand(
    context,
    {
      command: 'RecordRentPaid',
      load: () => loadPaymentContext(context, period),
      decide: (loaded) => {
        const state = contextOf(loaded);
        charge = secondChargeOf(intent, state);
        if (charge.kind !== 'none') return [];
        return decidePayment({ type: 'RecordRentPaid', data: { intent, paidAt: now } }, state);
      },
    },
    commandMeta(context, by, now),
  );
  return { ...result, charge: charge as SecondCharge };
}

/** The provider declined the intent's card. */
export const recordRentPaymentFailed = (
  context: CommandContext,
  { period, intent, by, now }: ProviderReport,
) => decideOn(context, period, { type: 'RecordRentPaymentFailed', data: { intent } }, by, now);

/** The provider refunded a second charge of a paid month. */
export const recordRentRefunded = (
  context: CommandContext,
  { period, intent, refund, by, now }: ProviderReport & { refund: RefundFacts },
) =>
  decideOn(
    context,
    period,
    { type: 'RecordRentRefunded', data: { intent, refund, refundedAt: now } },
    by,
    now,
  );

/** The provider lists the refunds of the intent's charge (charge.refunded): each new one of the paying charge, once. */
export const recordProviderRefunds = (
  context: CommandContext,
  { period, intent, refunds, by, now }: ProviderReport & { refunds: readonly RefundFacts[] },
) =>
  decideOn(
    context,
    period,
    { type: 'RecordProviderRefunds', data: { intent, refunds, refundedAt: now } },
    by,
    now,
  );

/** The reminder scheduler finds the month unpaid at `issuedAt`: the system reminds the member. */
export const issueRentReminder = (context: CommandContext, reminder: RentReminderRequest) =>
  decideOn(context, reminder, { type: 'IssueRentReminder', data: reminder }, 'system', reminder.issuedAt);
