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

/** The event at a position, with the read models that track its stream. */
export interface EventToApply {
  stream: string;
  version: number;
  models: readonly ReadModel[];
}

/**
 * The event at global position `position` and the read models that must apply it; null while
 * there is no event there (not committed, or never).
 */
export async function eventToApply(
  db: Knex,
  position: number,
  models: readonly ReadModel[] = readModels,
): Promise<EventToApply | null> {
  const event: { stream: string; version: number } | undefined = await db('events')
    .where({ position })
    .first('stream', 'version');
  if (!event) return null;
  const category = categoryOrNull(event.stream);
  return { ...event, models: models.filter((m) => tracksCategory(m, category)) };
}

/** Whether every read model that tracks the event's stream has a checkpoint at or beyond its version. */
export async function isApplied(db: Knex, event: EventToApply): Promise<boolean> {
  if (event.models.length === 0) return true;
  const { rows } = await db.raw<{ rows: Array<{ n: string }> }>(
    `select count(*) as n from (${event.models
      .map((m) => `select 1 from "${checkpointTable(m)}" where stream = ? and version >= ?`)
      .join(' union all ')}) applied`,
    event.models.flatMap(() => [event.stream, event.version]),
  );
  return Number(rows[0]?.n ?? 0) === event.models.length;
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
  const event = await eventToApply(db, position, models);
  return event !== null && (await isApplied(db, event));
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
