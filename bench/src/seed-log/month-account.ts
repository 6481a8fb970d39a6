import { monthIndexOf, startOfBuildingDay } from '@building/events/rent-ledger/building-calendar';
import type { Month } from '@building/events/catalogue';
import { dueOfNamedMonth } from '@building/events/rent-ledger/lease-months';
import { streams } from '@building/events/streams';
import { addCharges, cancelCharge } from '@building/domain/account/add-charges';
import { apartmentLeasesAggregate, leaseOfMonth } from '@building/domain/account/apartment-leases';
import { monthAccountAggregate, monthBalance } from '@building/domain/account/month-account';
import { readMeter } from '@building/domain/account/read-meter';
import { recordOfflinePayment, reverseOfflinePayment } from '@building/domain/account/record-offline-payment';
import { chargeLateFee, issueServiceCharge } from '@building/domain/account/scheduled-charges';
import { setServicePlan, setTariff } from '@building/domain/account/set-prices';
import { loadAggregate } from '@building/domain/command-handling/load-aggregate';
import { offlineMethods } from '@building/events/catalogue';
import type { GeneratedCommands } from './generated-commands.ts';

/** The building's prices, set by the admin at the start: a service plan per block, the electricity tariff. */
/** One month of one member's lease: what the month's charges and payments are for. */
export interface LeaseMonth {
  email: string;
  si: number;
  month: Month;
  year: number;
}

export async function setPrices({ context, admin, run }: GeneratedCommands) {
  const byBlock = Object.fromEntries([...'ABCDEFGH'].map((block, k) => [block, 200_000 + k * 25_000]));
  await run((now) => setServicePlan(context, { byBlock, caller: admin, now }));
  await run((now) =>
    setTariff(context, { utility: 'electricity', perUnit: 850, fixed: 10_000, caller: admin, now }),
  );
}

/**
 * A month's account beside its rent: the plan's service charge, the electricity meter read near
 * the month's end (its first reading only starts the meter), now and then an admin's charge (the
 * odd one cancelled) and a late fee on a late month.
 */
export async function chargeMonth(commands: GeneratedCommands, lease: LeaseMonth, late: boolean) {
  const { context, random, admin, attempt } = commands;
  const { si, month, year } = lease;
  await attempt((now) => issueServiceCharge(context, { si, month, year, now }));
  // Readings only rise: each month's lies above the last month's.
  const ordinal = year * 12 + monthIndexOf(month);
  const reading = ordinal * 150 + random.below(100);
  const readAt = new Date(startOfBuildingDay(year, monthIndexOf(month), 28).getTime() + 12 * 3_600_000);
  await attempt((now) =>
    readMeter(context, { si, utility: 'electricity', reading, readAt, caller: admin, now }),
  );
  if (random.chance(0.05)) {
    const added = await attempt((now) =>
      addCharges(context, {
        target: { si },
        sis: [si],
        kind: 'other',
        month,
        year,
        amount: 50_000 + random.below(20) * 5_000,
        description: 'Lift repair share',
        caller: admin,
        now,
      }),
    );
    const chargeId = added?.insertedIds[0];
    if (chargeId && random.chance(0.2))
      await attempt((now) =>
        cancelCharge(context, { si, month, year, chargeId, reason: 'Charged in error', caller: admin, now }),
      );
  }
  if (late && random.chance(0.5)) {
    const leases = await loadAggregate(context, streams.agreement(si), apartmentLeasesAggregate);
    const owing = leaseOfMonth(leases.state, lease);
    // As the scheduler does it: once the month is overdue.
    if (owing)
      await attempt(() =>
        chargeLateFee(context, {
          si,
          month,
          year,
          percent: 2,
          now: dueOfNamedMonth(owing, lease).overdueFrom,
        }),
      );
  }
}

/**
 * The commands as they pay a month's money, on that month's clock. The generator's clock moves a
 * minute a command, so a lease's later months lie years past it, and no payment may be more than
 * 12 months ahead: the money is paid in its month, by the 2nd, or on the 10th when late (after its
 * late fee). Never before the clock.
 */
export function payingInItsMonth(
  commands: GeneratedCommands,
  lease: LeaseMonth,
  late: boolean,
): GeneratedCommands {
  const day = startOfBuildingDay(lease.year, monthIndexOf(lease.month), late ? 10 : 2);
  const when = (now: Date) => (now < day ? new Date(day.getTime() + (now.getTime() % 3_600_000)) : now);
  return {
    ...commands,
    run: (command) => commands.run((now) => command(when(now))),
    attempt: (command) => commands.attempt((now) => command(when(now))),
  };
}

/**
 * Rent and charges paid at the desk, by bank or by mobile money: in full, or in two parts (`share`:
 * that part of what the month still owes); the odd payment recorded in error is reversed.
 */
export async function payAtDesk(
  commands: GeneratedCommands,
  lease: LeaseMonth,
  late: boolean,
  share = 1,
): Promise<void> {
  const paying = payingInItsMonth(commands, lease, late);
  const { context, random, admin, attempt } = paying;
  const owed = Math.floor((await remaining(commands, lease)) * share);
  if (owed <= 0) return;
  const parts =
    owed > 200 && random.chance(0.3) ? [Math.floor(owed / 2), owed - Math.floor(owed / 2)] : [owed];
  for (const amount of parts) {
    const method = offlineMethods[random.below(offlineMethods.length)]!;
    const paid = await attempt((now) =>
      recordOfflinePayment(context, {
        ...lease,
        method,
        reference: `${method.toUpperCase()}-${random.uuid().slice(0, 8)}`,
        amount,
        paymentId: random.uuid(),
        caller: admin,
        now,
      }),
    );
    if (paid && random.chance(0.02))
      await attempt((now) =>
        reverseOfflinePayment(context, {
          ...lease,
          paymentId: paid.paymentId,
          reason: 'Recorded on the wrong flat',
          caller: admin,
          now,
        }),
      );
  }
}

/** What the month still owes, in poisha, as the deciders count it. */
export async function remaining({ context }: GeneratedCommands, lease: LeaseMonth): Promise<number> {
  const leases = await loadAggregate(context, streams.agreement(lease.si), apartmentLeasesAggregate);
  const owing = leaseOfMonth(leases.state, lease);
  if (!owing) return 0;
  const month = await loadAggregate(
    context,
    streams.payment(lease.si, lease.year, lease.month),
    monthAccountAggregate,
  );
  return monthBalance(month.state, owing.rentPoisha).remainingPoisha;
}
