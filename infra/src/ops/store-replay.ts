import type { Knex } from 'knex';
import type { Category } from '@building/events/streams';
import { rowToEnvelope, type EventRow } from '../event-store/row-to-envelope.ts';
import type { ReplayProgress, ReplaySource } from './replay-source.ts';

/**
 * Replays from the event store. One repeatable-read, read-only transaction gives the whole replay
 * one snapshot: it ends at the log's end as of its start, and no late commit slips in half-way.
 * It reads the log in windows of positions, each filtered by category: Postgres cannot estimate
 * `stream like any(...)` (it guessed 1% of rows where the state categories are three quarters), so
 * a page as "the next N in these categories" was planned as a scan and sort of every matching
 * event, page after page (300,000 events: 23 s of the replay's 37 s spent waiting). A window is
 * one range of the position index, whatever the categories.
 */
export function storeReplay(db: Knex, options: { windowSize?: number } = {}): ReplaySource {
  const windowSize = options.windowSize ?? 5000;
  return {
    name: 'store',
    async *replay(categories: readonly Category[], progress?: ReplayProgress) {
      const prefixes = categories.map((c) => `${c}-%`);
      const trx = await db.transaction({ isolationLevel: 'repeatable read', readOnly: true });
      try {
        const inCategories = (query: Knex.QueryBuilder) => query.whereRaw('stream like any(?)', [prefixes]);
        const counted = await inCategories(trx('events')).count<{ n: string }[]>('* as n');
        progress?.start(Number(counted[0]?.n ?? 0));
        const firstAfter = async (position: number) => {
          const [row] = await trx('events')
            .where('position', '>', position)
            .min<Array<{ next: string | null }>>('position as next');
          return row?.next == null ? null : Number(row.next);
        };
        const [bound] = await trx('events').max<Array<{ last: string | null }>>('position as last');
        const end = Number(bound?.last ?? 0);
        let next = await firstAfter(0);
        while (next !== null && next <= end) {
          const upTo = next - 1 + windowSize;
          const rows: EventRow[] = await inCategories(
            trx('events').where('position', '>=', next).andWhere('position', '<=', upTo),
          ).orderBy('position');
          for (const row of rows) yield rowToEnvelope(row);
          if (rows.length > 0) progress?.advance(rows.length);
          // The next window starts at the next event, so a gap in the positions is stepped over.
          next = await firstAfter(upTo);
        }
      } finally {
        await trx.rollback().catch(() => {});
        progress?.stop();
      }
    },
    close: async () => {},
  };
}
