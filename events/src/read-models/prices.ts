import { z } from 'zod';
import { utilities } from '../catalogue.ts';
import { defineReadModel } from './read-model.ts';

const taka = z.number();
const poisha = z.coerce.number().int();
const nullablePoisha = poisha.nullable();

/**
 * The building's prices as the admin's Charges page sets them: the service-charge plan and each
 * utility's tariff (one row per price, the one in force), and each apartment's meters with their
 * last reading (what the next reading is billed from).
 */
export const pricesView = defineReadModel({
  view: 'prices',
  version: 1,
  audience: 'admin',
  tables: ['tariffs', 'meters'],
  events: ['ChargePlanSet', 'TariffSet', 'MeterRead'],
  row: z.object({
    tariff: z.enum(['service', ...utilities]),
    amount_poisha: nullablePoisha,
    /** The service plan's amounts per block, as JSON; null for one amount for all. */
    by_block: z.string().nullable(),
    per_unit_poisha: nullablePoisha,
    fixed_poisha: nullablePoisha,
    set_at: z.date(),
  }),
  response: z.object({
    tariff: z.enum(['service', ...utilities]),
    amount: taka.nullable(),
    byBlock: z.record(z.string(), taka).nullable(),
    perUnit: taka.nullable(),
    fixed: taka.nullable(),
    setAt: z.string(),
  }),
  toResponse: (r) => ({
    tariff: r.tariff,
    amount: r.amount_poisha === null ? null : r.amount_poisha / 100,
    byBlock:
      r.by_block === null
        ? null
        : Object.fromEntries(
            Object.entries(z.record(z.string(), z.number()).parse(JSON.parse(r.by_block))).map(
              ([block, amountPoisha]) => [block, amountPoisha / 100],
            ),
          ),
    perUnit: r.per_unit_poisha === null ? null : r.per_unit_poisha / 100,
    fixed: r.fixed_poisha === null ? null : r.fixed_poisha / 100,
    setAt: r.set_at.toISOString(),
  }),
});
export type Price = z.infer<typeof pricesView.response>;

/** A meter's last reading as the view keeps it. */
export const meterRow = z.object({
  si: z.number().int(),
  utility: z.enum(utilities),
  // numeric as text: a reading may have decimals
  reading: z.coerce.number(),
  read_at: z.date(),
});
const meter = z.object({
  si: z.number().int(),
  utility: z.enum(utilities),
  reading: z.number(),
  readAt: z.string(),
});
export type MeterReading = z.infer<typeof meter>;
export const toMeter = (r: z.infer<typeof meterRow>): MeterReading => ({
  si: r.si,
  utility: r.utility,
  reading: r.reading,
  readAt: r.read_at.toISOString(),
});

/** GET /prices: the prices in force (absent: never set) and every meter's last reading. */
export const pricesResponse = z.object({ prices: z.array(pricesView.response), meters: z.array(meter) });
export type PricesResponse = z.infer<typeof pricesResponse>;
