import type { Month, OwedItem } from '@building/events/catalogue';
import type { MonthDue } from '@building/events/account/month-dues';
import { refuse } from '@building/events/domain-error';
import { dueOfNamedMonth } from '@building/events/rent-ledger/lease-months';
import { alreadyPaid } from './already-paid.ts';
import { duesOf, type MonthAccountState } from '../account/month-account.ts';
import { activeLeaseOf } from './lease-terms.ts';
import type { PaymentContext } from './payment-context.ts';
import type { PaymentEvent } from './payment.ts';
import { takaToPoisha } from './pricing.ts';

/** The scheduler reminds the member who leases `si` that `month` is due, or overdue. */
export interface RentReminderRequest {
  si: number;
  month: Month;
  year: number;
  email: string;
  kind: 'due' | 'overdue';
  issuedAt: Date;
}

/**
 * At most one reminder of each kind per apartment and month, only for a month of an active lease
 * that still owes something (rent, charges, late fee: month-dues.ts), saying how much. The payment stream's version makes this hold across scheduler instances and restarts: the
 * loser of a race re-decides on the winner's reminder and is refused.
 */
export function issueRentReminder(request: RentReminderRequest, context: PaymentContext): PaymentEvent[] {
  const { si, month, year, kind } = request;
  const lease = activeLeaseOf(context.agreement, request.email);
  if (!lease) throw refuse('no-active-lease', `${request.email} does not lease apartment ${si}`);
  const { remainingPoisha, dues } = duesOf(context.month, takaToPoisha(lease.rent));
  if (remainingPoisha === 0) throw alreadyPaid(request);
  const issued = context.payment.reminders[kind];
  if (issued)
    throw refuse(
      'reminder-already-issued',
      `the ${kind} reminder of apartment ${si} for ${month} ${year} was issued at ${issued.issuedAt}`,
    );
  return [
    {
      type: 'RentReminderIssued',
      data: {
        si,
        apartment: lease.apartment,
        month,
        year,
        email: lease.userEmail,
        name: lease.userName,
        kind,
        amountPoisha: remainingPoisha,
        items: owedItems(dues, context.month),
        dueBy: dueOfNamedMonth({ startedAt: lease.acceptedAt, endedAt: null }, { year, month }).dueBy,
        issuedAt: request.issuedAt.toISOString(),
      },
    },
  ];
}

/** What is left of each thing the month owes, a charge's kind named (the reminder says them so). */
function owedItems(dues: readonly MonthDue[], month: MonthAccountState): OwedItem[] {
  return dues
    .filter((d) => d.remainingPoisha > 0)
    .map((d) => {
      const charge = month.charges.find((c) => c.chargeId === d.chargeId)?.kind;
      return {
        kind: d.kind,
        ...(d.chargeId ? { chargeId: d.chargeId } : {}),
        ...(charge ? { charge } : {}),
        description: d.description,
        amountPoisha: d.remainingPoisha,
      };
    });
}
