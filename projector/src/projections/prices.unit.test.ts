import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { given, rowsOf } from '../testing/given-events.ts';
import { prices } from './prices.ts';

const set = { setBy: 'admin@building.test', setAt: '2026-11-01T04:00:00.000Z' };
const plan = (amountPoisha: number | null, byBlock: Record<string, number> | null): [string, DomainEvent] => [
  'tariff-service',
  { type: 'ChargePlanSet', data: { tariff: 'service', amountPoisha, byBlock, ...set } },
];
const gas: [string, DomainEvent] = [
  'tariff-gas',
  { type: 'TariffSet', data: { tariff: 'gas', perUnitPoisha: 1_200, fixedPoisha: 0, ...set } },
];
const reading = (value: number, previous: number | null): [string, DomainEvent] => [
  'meter-7-gas',
  {
    type: 'MeterRead',
    data: {
      si: 7,
      utility: 'gas',
      reading: value,
      previous,
      readAt: `2026-11-0${previous === null ? 1 : 2}T04:00:00.000Z`,
      month: 'November',
      year: 2026,
      chargeId: null,
      recordedBy: 'admin@building.test',
      recordedAt: '2026-11-02T04:00:00.000Z',
    },
  },
];

describe('projection: the prices', () => {
  it('keeps the plan and tariff last set and each meter’s last reading, the same when applied twice', () => {
    const events = given(
      plan(100_000, null),
      plan(null, { A: 150_000 }),
      gas,
      reading(40, null),
      reading(52.5, 40),
    );
    const rows = rowsOf(prices, events);
    expect(rowsOf(prices, events, 2)).toEqual(rows);
    expect(rows.tariffs).toEqual([
      expect.objectContaining({ tariff: 'gas', per_unit_poisha: 1_200, fixed_poisha: 0 }),
      expect.objectContaining({ tariff: 'service', amount_poisha: null, by_block: '{"A":150000}' }),
    ]);
    expect(rows.meters).toEqual([
      expect.objectContaining({ meter: '7-gas', si: 7, utility: 'gas', reading: '52.5' }),
    ]);
  });
});
