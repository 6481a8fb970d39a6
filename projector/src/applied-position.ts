import type { Knex } from 'knex';
import { tracksStream, type Projection } from './projection.ts';

/**
 * Read-your-writes: has the event AT global position `position` been applied to the views?
 *
 * With several Kafka partitions, positions arrive interleaved, so "some event at or after N was
 * applied" proves nothing about N itself. The definition here is per stream: look up the event at N
 * (its stream and version); it has been applied when every projection that tracks that stream has
 * a checkpoint at or beyond that version. Versions of a stream apply strictly in order, so that
 * holds exactly when event N (or a parked, unapplicable N) has been processed by each of them.
 * A position with no event yet (not committed, or never) has not been reached.
 */
export async function hasApplied(
  db: Knex,
  position: number,
  projections: readonly Projection[],
): Promise<boolean> {
  const event: { stream: string; version: number } | undefined = await db('events')
    .where({ position })
    .first('stream', 'version');
  if (!event) return false;
  const tracking = projections.filter((p) => tracksStream(p, event.stream)).map((p) => p.name);
  if (tracking.length === 0) return true;
  const row = await db('projection_streams')
    .where({ stream: event.stream })
    .whereIn('projection', tracking)
    .where('version', '>=', event.version)
    .count<{ n: string }[]>('* as n')
    .first();
  return Number(row?.n ?? 0) === tracking.length;
}

/** The highest position any projection has applied (the `X-Position` response header). */
export async function highestApplied(db: Knex, projections: readonly Projection[]): Promise<number> {
  const row = await db('projection_status')
    .whereIn(
      'projection',
      projections.map((p) => p.name),
    )
    .max<{ p: string | null }[]>('position as p')
    .first();
  return Number(row?.p ?? 0);
}

/** Per projection: the highest position applied and how many events are parked (ops status). */
export async function projectionStatus(
  db: Knex,
): Promise<Array<{ projection: string; position: number; streams: number; parked: number }>> {
  const { rows } = await db.raw(`
    select s.projection, s.position,
      (select count(*) from projection_streams ps where ps.projection = s.projection) as streams,
      (select count(*) from parked_events pe where pe.projection = s.projection) as parked
    from projection_status s order by s.projection`);
  return (rows as Array<Record<string, string>>).map((r) => ({
    projection: r.projection!,
    position: Number(r.position),
    streams: Number(r.streams),
    parked: Number(r.parked),
  }));
}
