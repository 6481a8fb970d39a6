import type { Knex } from 'knex';
import type { Category } from '@building/events/streams';
import { rowToEnvelope, type EventRow } from '../event-store/row-to-envelope.ts';
import type { ReplayProgress, ReplaySource } from './replay-source.ts';

/**
 * Replays from the event store. One repeatable-read, read-only transaction gives the whole replay
 * one snapshot: it ends at the log's end as of its start, and no late commit slips in half-way.
 */
export function storeReplay(db: Knex, options: { batchSize?: number } = {}): ReplaySource {
  const batchSize = options.batchSize ?? 1000;
  return {
    name: 'store',
    async *replay(categories: readonly Category[], progress?: ReplayProgress) {
      const prefixes = categories.map((c) => `${c}-%`);
      const trx = await db.transaction({ isolationLevel: 'repeatable read', readOnly: true });
      try {
        const inCategories = (query: Knex.QueryBuilder) => query.whereRaw('stream like any(?)', [prefixes]);
        const counted = await inCategories(trx('events')).count<{ n: string }[]>('* as n');
        progress?.start(Number(counted[0]?.n ?? 0));
        let after = 0;
        for (;;) {
          const rows: EventRow[] = await inCategories(trx('events').where('position', '>', after))
            .orderBy('position')
            .limit(batchSize);
          if (rows.length === 0) break;
          for (const row of rows) yield rowToEnvelope(row);
          progress?.advance(rows.length);
          after = Number(rows.at(-1)!.position);
        }
      } finally {
        await trx.rollback().catch(() => {});
        progress?.stop();
      }
    },
    close: async () => {},
  };
}
