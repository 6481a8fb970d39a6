import { describe, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { mina, minaLeased, minasLeaseId } from '../testing/account-fixtures.ts';
import { specFor } from '../testing/given-when-then.ts';
import {
  decideMeterReading,
  meterReadingContextAggregate,
  type ReadMeterCommand,
} from './decide-meter-reading.ts';

const given = specFor({ ...meterReadingContextAggregate, decide: decideMeterReading });
const admin = { email: 'desk@building.test', role: 'admin' };
const leaseId = minasLeaseId;
const chargeId = '22222222-2222-4222-8222-222222222222';
const at = new Date('2026-12-20T08:00:00Z');

// Readings from November 2026 on belong to the lease.
const Leased = minaLeased;
const Tariff: DomainEvent = {
  type: 'TariffSet',
  data: {
    tariff: 'electricity',
    perUnitPoisha: 850,
    fixedPoisha: 5_000,
    setBy: admin.email,
    setAt: '2026-11-01T00:00:00Z',
  },
};

const read = (reading: number, readAt: string, by = admin): ReadMeterCommand => ({
  type: 'ReadMeter',
  data: { si: 7, utility: 'electricity', reading, readAt: new Date(readAt), chargeId, by, at },
});
const meterRead = (
  reading: number,
  previous: number | null,
  readAt: string,
  month: 'November' | 'December' = 'December',
  billed = previous !== null,
): DomainEvent => ({
  type: 'MeterRead',
  data: {
    si: 7,
    utility: 'electricity',
    reading,
    previous,
    readAt: new Date(readAt).toISOString(),
    month,
    year: 2026,
    chargeId: billed ? chargeId : null,
    recordedBy: admin.email,
    recordedAt: at.toISOString(),
  },
});
const billed = (from: number, to: number, amountPoisha: number, description: string): DomainEvent => ({
  type: 'ChargeAdded',
  data: {
    si: 7,
    apartment: '3A01',
    month: 'December',
    year: 2026,
    email: mina,
    name: 'Mina',
    leaseId,
    chargeId,
    block: 'A',
    kind: 'electricity',
    amountPoisha,
    description,
    origin: 'meter',
    meter: { from, to, perUnitPoisha: 850, fixedPoisha: 5_000 },
    addedBy: admin.email,
    addedAt: at.toISOString(),
  },
});
const First = meterRead(1200, null, '2026-11-30T10:00:00Z', 'November');

describe('rule: the first reading of a meter only sets its start', () => {
  it('records the reading and bills nothing', () =>
    given(Leased).when(read(1200, '2026-11-30T10:00:00Z')).then(First));
  it('needs no tariff for it', () =>
    given(Leased)
      .when(read(0, '2026-12-01T10:00:00Z'))
      .then(meterRead(0, null, '2026-12-01T10:00:00Z')));
});

describe('rule: a later reading bills the units since the last at the tariff, plus its fixed part', () => {
  it('bills (this - last) x per unit + fixed as a charge of the month read, owed by its lease holder', () =>
    given(Leased, Tariff, First)
      .when(read(1350, '2026-12-31T10:00:00Z'))
      .then(
        meterRead(1350, 1200, '2026-12-31T10:00:00Z'),
        billed(1200, 1350, 150 * 850 + 5_000, 'Electricity: 1200 to 1350 (150 units)'),
      ));
  it('bills a reading read late on the last evening in Dhaka to the next month', () =>
    given(Leased, Tariff, First)
      // 30 November 19:00 UTC is 1 December 01:00 in Dhaka.
      .when(read(1201.5, '2026-11-30T19:00:00Z'))
      .then(
        meterRead(1201.5, 1200, '2026-11-30T19:00:00Z'),
        billed(1200, 1201.5, Math.round(1.5 * 850) + 5_000, 'Electricity: 1200 to 1201.5 (1.5 units)'),
      ));
  it('refuses to bill without a tariff', () =>
    given(Leased, First).when(read(1350, '2026-12-31T10:00:00Z')).thenFails('tariff-not-set'));
  it('records the reading alone when it bills nothing', () =>
    given(Leased, { ...Tariff, data: { ...Tariff.data, fixedPoisha: 0 } } as DomainEvent, First)
      .when(read(1200, '2026-12-31T10:00:00Z'))
      .then(meterRead(1200, 1200, '2026-12-31T10:00:00Z', 'December', false)));
});

describe('rule: a reading never goes back', () => {
  it('refuses a reading below the last, naming it', () =>
    given(Leased, Tariff, First)
      .when(read(1199, '2026-12-31T10:00:00Z'))
      .thenFails('reading-below-last', /last read 1200, above 1199/));
  it('refuses a reading older than the last', () =>
    given(Leased, Tariff, First).when(read(1300, '2026-11-29T10:00:00Z')).thenFails('reading-out-of-order'));
  it('records nothing for the last reading sent again', () =>
    given(Leased, Tariff, First).when(read(1200, '2026-11-30T10:00:00Z')).thenNothing());
});

describe('rule: a reading is for a month of a lease', () => {
  it('refuses a month before the lease', () =>
    given(Leased)
      .when(read(1200, '2026-10-15T10:00:00Z'))
      .thenFails('month-outside-lease', /October 2026 is outside the lease of apartment 7/));
  it('refuses an apartment never leased', () =>
    given().when(read(1200, '2026-12-15T10:00:00Z')).thenFails('apartment-not-leased'));
  it('refuses a member entering readings', () =>
    given(Leased)
      .when(read(1200, '2026-12-15T10:00:00Z', { email: mina, role: 'member' }))
      .thenFails('admin-only'));
});
