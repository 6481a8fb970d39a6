import type { Knex } from 'knex';
import { categoryOfStream, type Category } from '@building/events/streams';
import { readModels } from '@building/events/read-models/all-read-models';
import { checkpointTable, tracksCategory, type ReadModel } from '@building/events/read-models/read-model';
import { PROJECTION_STATUS_TABLE } from '@building/events/read-models/view-changes';

function categoryOrNull(stream: string): Category | null {
  try {
    return categoryOfStream(stream);
  } catch {
    return null;
  }
}

/**
 * Read-your-writes: has the event AT global position `position` been applied to the views?
 *
 * With several Kafka partitions, positions arrive interleaved, so "some event at or after N was
 * applied" proves nothing about N itself. The definition here is per stream: look up the event at N
 * (its stream and version); it has been applied when every view that tracks that stream has a
 * checkpoint at or beyond that version. Versions of a stream apply strictly in order, so that holds
 * exactly when event N (or a parked, unapplicable N) has been processed by each of them. A position
 * with no event yet (not committed, or never) has not been reached.
 */
export async function hasApplied(
  db: Knex,
  position: number,
  models: readonly ReadModel[] = readModels,
): Promise<boolean> {
  const event: { stream: string; version: number } | undefined = await db('events')
    .where({ position })
    .first('stream', 'version');
  if (!event) return false;
  const category = categoryOrNull(event.stream);
  const tracking = models.filter((m) => tracksCategory(m, category));
  if (tracking.length === 0) return true;
  const { rows } = await db.raw<{ rows: Array<{ n: string }> }>(
    `select count(*) as n from (${tracking
      .map((m) => `select 1 from "${checkpointTable(m)}" where stream = ? and version >= ?`)
      .join(' union all ')}) applied`,
    tracking.flatMap(() => [event.stream, event.version]),
  );
  return Number(rows[0]?.n ?? 0) === tracking.length;
}

/** The highest position any view has applied (the `X-Position` response header). */
export async function highestApplied(db: Knex, models: readonly ReadModel[] = readModels): Promise<number> {
  const row = await db(PROJECTION_STATUS_TABLE)
    .whereIn(
      'projection',
      models.map((m) => m.name),
    )
    .max<{ p: string | null }[]>('position as p')
    .first();
  return Number(row?.p ?? 0);
}
