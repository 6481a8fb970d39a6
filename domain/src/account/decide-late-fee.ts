import type { DomainEvent } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { dueOfNamedMonth } from '@building/events/rent-ledger/lease-months';
import { leaseOfMonth } from './apartment-leases.ts';
import type { AccountMonth, OfflinePaymentContext } from './decide-offline-payment.ts';
import { unpaidRentPoisha } from './month-account.ts';

/** The scheduler charges a month's late fee: `percent` of its rent unpaid at `at`. */
export interface ChargeLateFeeCommand {
  type: 'ChargeLateFee';
  data: AccountMonth & { percent: number; at: Date };
}

/**
 * A month's late fee is `percent` of its rent still unpaid once it is overdue (after its due day,
 * lease-months.ts), charged once, to the lease holder of the month. Nothing is recorded while the
 * month is not overdue, when its rent is paid, or when the percent is 0 (late fees off).
 */
export function decideLateFee(command: ChargeLateFeeCommand, context: OfflinePaymentContext): DomainEvent[] {
  const d = command.data;
  const lease = leaseOfMonth(context.leases, d);
  if (!lease) throw refuse('apartment-not-leased', `apartment ${d.si} has no lease in ${d.month} ${d.year}`);
  if (context.month.lateFee)
    throw refuse(
      'late-fee-already-charged',
      `the late fee of apartment ${d.si} for ${d.month} ${d.year} was charged at ${context.month.lateFee.chargedAt}`,
    );
  if (d.percent <= 0 || d.at < dueOfNamedMonth(lease, d).overdueFrom) return [];
  const unpaid = unpaidRentPoisha(context.month, lease.rentPoisha);
  const amountPoisha = Math.round((unpaid * d.percent) / 100);
  if (amountPoisha === 0) return [];
  return [
    {
      type: 'LateFeeCharged',
      data: {
        si: d.si,
        apartment: lease.apartment,
        month: d.month,
        year: d.year,
        email: lease.email,
        name: lease.name,
        leaseId: lease.leaseId,
        percent: d.percent,
        unpaidRentPoisha: unpaid,
        amountPoisha,
        chargedAt: d.at.toISOString(),
      },
    },
  ];
}
