import type { DomainEvent, Month, Utility } from '@building/events/catalogue';
import { meterBillWording } from '@building/events/account/charge-names';
import { refuse } from '@building/events/domain-error';
import { monthName, buildingDay } from '@building/events/rent-ledger/building-calendar';
import { assertMonthOfLease } from '@building/events/rent-ledger/lease-months';
import {
  evolveApartmentLeases,
  initialApartmentLeases,
  leaseOfMonth,
  type ApartmentLeasesState,
} from './apartment-leases.ts';
import { assertAdmin, type Recorder } from './decide-offline-payment.ts';
import { evolveMeter, initialMeterState, type MeterState } from './meter.ts';
import { evolveTariff, initialTariffState, type TariffState } from './tariff.ts';

/** An admin (or the caretaker's admin account) enters a meter's reading at a moment. */
export interface ReadMeterCommand {
  type: 'ReadMeter';
  data: {
    si: number;
    utility: Utility;
    reading: number;
    readAt: Date;
    /** The bill's id, used when the reading bills anything. */
    chargeId: string;
    by: Recorder;
    at: Date;
  };
}

/** What a reading is decided on: the apartment's leases, its meter, the utility's tariff. */
export interface MeterReadingContext {
  leases: ApartmentLeasesState;
  meter: MeterState;
  tariff: TariffState;
}

/** The Dhaka month a reading falls in: the month its bill is owed for. */
export function monthOfReading(readAt: Date): { month: Month; year: number } {
  const day = buildingDay(readAt);
  return { month: monthName(day), year: day.year };
}

/**
 * A reading is for a month of a lease of the apartment and is never below the meter's last, nor
 * older than it. The meter's first reading only sets its start; a later one bills the units since
 * the last at the utility's tariff, plus its fixed part, as a charge of the month read, owed by
 * that month's lease holder. The same reading at the same moment again records nothing.
 */
export function decideMeterReading(command: ReadMeterCommand, context: MeterReadingContext): DomainEvent[] {
  const d = command.data;
  assertAdmin(d.by, 'enter a meter reading');
  const m = monthOfReading(d.readAt);
  const lease = leaseOfMonth(context.leases, m);
  if (!lease) {
    const latest = context.leases.leases.at(-1);
    if (!latest) throw refuse('apartment-not-leased', `apartment ${d.si} has never been leased`);
    assertMonthOfLease(latest, m, `a ${d.utility} reading`);
  }
  const last = context.meter.last;
  const readAt = d.readAt.toISOString();
  if (last && Date.parse(last.readAt) === d.readAt.getTime() && last.reading === d.reading) return [];
  if (last && Date.parse(last.readAt) >= d.readAt.getTime())
    throw refuse(
      'reading-out-of-order',
      `the ${d.utility} meter of apartment ${d.si} was last read at ${last.readAt}, after ${readAt}`,
      { fields: [{ field: 'readAt', message: 'before the last reading' }] },
    );
  if (last && d.reading < last.reading)
    throw refuse(
      'reading-below-last',
      `the ${d.utility} meter of apartment ${d.si} last read ${last.reading}, above ${d.reading}`,
      { fields: [{ field: 'reading', message: `below the last reading (${last.reading})` }] },
    );
  const read = (chargeId: string | null): DomainEvent => ({
    type: 'MeterRead',
    data: {
      si: d.si,
      utility: d.utility,
      reading: d.reading,
      previous: last?.reading ?? null,
      readAt,
      ...m,
      chargeId,
      recordedBy: d.by.email,
      recordedAt: d.at.toISOString(),
    },
  });
  if (!last) return [read(null)];
  const tariff = context.tariff.tariff;
  if (!tariff)
    throw refuse(
      'tariff-not-set',
      `set the ${d.utility} tariff before billing its readings (PUT /tariffs/${d.utility})`,
    );
  const units = d.reading - last.reading;
  // Readings may carry decimals; the bill is whole poisha.
  const amountPoisha = Math.round(units * tariff.perUnitPoisha) + tariff.fixedPoisha;
  if (amountPoisha === 0) return [read(null)];
  return [
    read(d.chargeId),
    {
      type: 'ChargeAdded',
      data: {
        si: d.si,
        apartment: lease!.apartment,
        ...m,
        email: lease!.email,
        name: lease!.name,
        leaseId: lease!.leaseId,
        chargeId: d.chargeId,
        block: lease!.block,
        kind: d.utility,
        amountPoisha,
        description: meterBillWording(d.utility, last.reading, d.reading, round(units)),
        origin: 'meter',
        meter: {
          from: last.reading,
          to: d.reading,
          perUnitPoisha: tariff.perUnitPoisha,
          fixedPoisha: tariff.fixedPoisha,
        },
        addedBy: d.by.email,
        addedAt: d.at.toISOString(),
      },
    },
  ];
}

const round = (units: number) => Math.round(units * 1000) / 1000;

/** The three streams folded at once (their event types are disjoint): the tests' given histories. */
export const meterReadingContextAggregate = {
  initialState: (): MeterReadingContext => ({
    leases: initialApartmentLeases(),
    meter: initialMeterState(),
    tariff: initialTariffState(),
  }),
  evolve: (state: MeterReadingContext, event: DomainEvent): MeterReadingContext => ({
    leases: evolveApartmentLeases(state.leases, event),
    meter: evolveMeter(state.meter, event),
    tariff: evolveTariff(state.tariff, event),
  }),
};
