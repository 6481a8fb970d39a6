import { pricesView } from '@building/events/read-models/prices';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

/** The price in force of each tariff (the last set), and each meter's last reading. */
export const prices = defineProjection(pricesView, {
  tables: {
    tariffs: {
      key: 'tariff',
      columns: {
        tariff: column.text(),
        amount_poisha: column.bigint({ nullable: true, default: null }),
        by_block: column.text({ nullable: true, default: null }),
        per_unit_poisha: column.bigint({ nullable: true, default: null }),
        fixed_poisha: column.bigint({ nullable: true, default: null }),
        set_at: column.timestamptz(),
      },
    },
    meters: {
      key: 'meter',
      columns: {
        meter: column.text(),
        si: column.integer(),
        utility: column.text(),
        reading: column.text(),
        read_at: column.timestamptz(),
      },
    },
  },
  on: {
    ChargePlanSet: ({ data: d }) => [
      {
        table: 'tariffs',
        upsert: {
          tariff: d.tariff,
          amount_poisha: d.amountPoisha,
          by_block: d.byBlock === null ? null : JSON.stringify(d.byBlock),
          set_at: d.setAt,
        },
      },
    ],
    TariffSet: ({ data: d }) => [
      {
        table: 'tariffs',
        upsert: {
          tariff: d.tariff,
          per_unit_poisha: d.perUnitPoisha,
          fixed_poisha: d.fixedPoisha,
          set_at: d.setAt,
        },
      },
    ],
    // A meter's stream admits readings in order only, so the last applied is its last reading.
    MeterRead: ({ data: d }) => [
      {
        table: 'meters',
        upsert: {
          meter: `${d.si}-${d.utility}`,
          si: d.si,
          utility: d.utility,
          reading: String(d.reading),
          read_at: d.readAt,
        },
      },
    ],
  },
});
