import type { DomainEvent, EventData, Month } from '@building/events/catalogue';
import { settledMonthKey, type LeaseLedger } from '@building/events/rent-ledger/lease-ledger';
import type { AccountMonth } from '@building/domain/account/decide-offline-payment';
import { plannedServicePoisha } from '@building/domain/account/tariff';

/**
 * What the scheduler knows of the charges it issues, folded from the log beside the ledger facts:
 * the service plan in force, each apartment's block, and the months that hold their planned
 * service charge or their late fee. `quiet` are months whose late fee was found to be nothing
 * (rent paid offline): asked again only once the month's money changes.
 */
export interface ChargeSchedule {
  plan: EventData<'ChargePlanSet'> | null;
  blocks: Map<number, string>;
  serviceIssued: Set<string>;
  lateFeeCharged: Set<string>;
  quiet: Set<string>;
}

export const noChargeSchedule = (): ChargeSchedule => ({
  plan: null,
  blocks: new Map(),
  serviceIssued: new Set(),
  lateFeeCharged: new Set(),
  quiet: new Set(),
});

export const chargeScheduleEventTypes = [
  'AgreementAccepted',
  'ChargePlanSet',
  'ChargeAdded',
  'ChargeCancelled',
  'LateFeeCharged',
  'OfflinePaymentRecorded',
  'PaymentReversed',
  'RentPaid',
  'RentRefunded',
] as const;

/** Folds one event into `schedule` in place (the scheduler owns it), and returns it. */
export function applyChargeScheduleEvent(schedule: ChargeSchedule, event: DomainEvent): ChargeSchedule {
  switch (event.type) {
    case 'AgreementAccepted':
      schedule.blocks.set(event.data.si, event.data.block);
      return schedule;
    case 'ChargePlanSet':
      schedule.plan = event.data;
      return schedule;
    case 'ChargeAdded':
      if (event.data.origin === 'plan') schedule.serviceIssued.add(settledMonthKey(event.data));
      break;
    case 'LateFeeCharged':
      schedule.lateFeeCharged.add(settledMonthKey(event.data));
      break;
    case 'ChargeCancelled':
    case 'OfflinePaymentRecorded':
    case 'PaymentReversed':
    case 'RentPaid':
    case 'RentRefunded':
      break;
    default:
      return schedule;
  }
  schedule.quiet.delete(settledMonthKey(event.data));
  return schedule;
}

interface Due extends AccountMonth {
  key: string;
}

/** Each active lease's current month (Dhaka time): the scheduler acts on no other month. */
function currentMonths(ledgers: readonly LeaseLedger[]) {
  return ledgers.flatMap((ledger) => {
    const current = ledger.months.at(-1);
    if (!ledger.active || !current) return [];
    const m = { si: ledger.lease.si, month: current.month as Month, year: current.year };
    return [{ ...m, key: settledMonthKey(m), status: current.status }];
  });
}

/**
 * The service charges to issue now: each leased apartment's current month, from the 1st (Dhaka
 * time), when the plan charges its block something and the month does not hold it yet.
 */
export function serviceChargesDue(schedule: ChargeSchedule, ledgers: readonly LeaseLedger[]): Due[] {
  return currentMonths(ledgers)
    .filter(
      (m) =>
        !schedule.serviceIssued.has(m.key) &&
        plannedServicePoisha(schedule.plan, schedule.blocks.get(m.si) ?? '') > 0,
    )
    .map(({ si, month, year, key }) => ({ si, month, year, key }));
}

/** The late fees to charge now: each overdue current month without one (none when the percent is 0). */
export function lateFeesDue(
  schedule: ChargeSchedule,
  ledgers: readonly LeaseLedger[],
  percent: number,
): Due[] {
  if (percent <= 0) return [];
  return currentMonths(ledgers)
    .filter(
      (m) => m.status === 'overdue' && !schedule.lateFeeCharged.has(m.key) && !schedule.quiet.has(m.key),
    )
    .map(({ si, month, year, key }) => ({ si, month, year, key }));
}
