import type { ChargeKind, DomainEvent, EventData } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { leaseOfMonth, type ApartmentLeasesState } from './apartment-leases.ts';
import { assertAdmin, type AccountMonth, type Recorder } from './decide-offline-payment.ts';
import { monthBalance, type MonthAccountState } from './month-account.ts';
import { undoneMoneyOf } from './undone-money.ts';

/** One apartment's charge for a month, as an admin, the plan or a meter reading adds it. */
export interface ChargeOrder {
  chargeId: string;
  kind: ChargeKind;
  amountPoisha: number;
  description: string;
  origin: EventData<'ChargeAdded'>['origin'];
  meter?: EventData<'ChargeAdded'>['meter'];
}

export type ChargeCommand =
  | {
      type: 'AddCharges';
      /** Each apartment's charge; `named` when one apartment was named (not a block or all). */
      data: {
        month: AccountMonth['month'];
        year: number;
        charges: Array<ChargeOrder & { si: number }>;
        named: boolean;
        by: Recorder | 'scheduler';
        at: Date;
      };
    }
  | {
      type: 'CancelCharge';
      data: AccountMonth & { chargeId: string; reason: string; by: Recorder; at: Date };
    };

/** The apartments' leases and months, by si. */
export interface ChargeContext {
  apartments: Record<number, { leases: ApartmentLeasesState; month: MonthAccountState }>;
}

/**
 * A charge is owed by the lease holder of its month: an apartment nobody leases that month is
 * refused when named, and left out of a block or "all" (refused when none is left). The plan's
 * service charge is issued once per apartment and month.
 */
export function decideCharge(command: ChargeCommand, context: ChargeContext): DomainEvent[] {
  switch (command.type) {
    case 'AddCharges': {
      const d = command.data;
      if (d.by !== 'scheduler') assertAdmin(d.by, 'add a charge');
      const events: DomainEvent[] = [];
      for (const order of d.charges) {
        const apartment = context.apartments[order.si];
        const lease = apartment && leaseOfMonth(apartment.leases, d);
        if (!lease) {
          if (d.named)
            throw refuse(
              'apartment-not-leased',
              `apartment ${order.si} has no lease in ${d.month} ${d.year}`,
            );
          continue;
        }
        if (order.origin === 'plan' && apartment.month.charges.some((c) => c.origin === 'plan'))
          throw refuse(
            'charge-already-issued',
            `the service charge of apartment ${order.si} for ${d.month} ${d.year} was already issued`,
          );
        events.push({
          type: 'ChargeAdded',
          data: {
            si: order.si,
            apartment: lease.apartment,
            month: d.month,
            year: d.year,
            email: lease.email,
            name: lease.name,
            leaseId: lease.leaseId,
            chargeId: order.chargeId,
            block: lease.block,
            kind: order.kind,
            amountPoisha: order.amountPoisha,
            description: order.description,
            origin: order.origin,
            ...(order.meter ? { meter: order.meter } : {}),
            addedBy: d.by === 'scheduler' ? 'scheduler' : d.by.email,
            addedAt: d.at.toISOString(),
          },
        });
      }
      if (events.length === 0)
        throw refuse(
          'apartment-not-leased',
          `no apartment of the target has a lease in ${d.month} ${d.year}`,
        );
      return events;
    }
    case 'CancelCharge': {
      const d = command.data;
      assertAdmin(d.by, 'cancel a charge');
      const apartment = context.apartments[d.si];
      const charge = apartment?.month.charges.find((c) => c.chargeId === d.chargeId);
      if (!apartment || !charge)
        throw refuse(
          'charge-not-found',
          `no charge ${d.chargeId} on apartment ${d.si} for ${d.month} ${d.year}`,
        );
      if (charge.cancelled)
        throw refuse(
          'charge-already-cancelled',
          `charge ${d.chargeId} was cancelled at ${charge.cancelled.cancelledAt}`,
        );
      const lease = leaseOfMonth(apartment.leases, d);
      const { owedPoisha, paidPoisha } = monthBalance(apartment.month, lease?.rentPoisha ?? 0);
      // Payments already cover it: cancelling would leave money paid for nothing owed.
      if (paidPoisha > owedPoisha - charge.amountPoisha)
        throw refuse('charge-already-paid', `charge ${d.chargeId} is already paid`);
      return [
        {
          type: 'ChargeCancelled',
          data: {
            chargeId: d.chargeId,
            ...undoneMoneyOf(d, charge),
            kind: charge.kind,
            cancelledBy: d.by.email,
            cancelledAt: d.at.toISOString(),
          },
        },
      ];
    }
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}
