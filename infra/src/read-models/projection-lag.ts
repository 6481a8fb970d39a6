import type { Knex } from 'knex';
import { checkpointTable, type ReadModel } from '@building/events/read-models/read-model';
import { PROJECTION_STATUS_TABLE } from '@building/events/read-models/view-changes';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface ProjectionLag {
  projection: string;
  /** The highest global position applied. */
  position: number;
  /** Events of its categories beyond its per-stream checkpoints: 0 when caught up. */
  pendingEvents: number;
  /** When the oldest of those happened; null when caught up. */
  oldestPendingAt: Date | null;
  parked: number;
}

/**
 * The events of the projection's categories beyond its per-stream checkpoints: how many, and when
 * the oldest happened. Exact under interleaved Kafka partitions, where "last position minus
 * applied position" is not (other categories' events count there too).
 */
export async function pendingEvents(
  db: Knex,
  checkpoints: string,
  categories: readonly string[],
): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await db.raw<{ rows: Array<{ n: string; oldest: Date | null }> }>(
    `select count(*) as n, min(e.occurred_at) as oldest from events e
       left join ${ident(checkpoints)} s on s.stream = e.stream
      where e.stream like any(?) and e.version > coalesce(s.version, 0)`,
    [categories.map((c) => `${c}-%`)],
  );
  return { count: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}

async function existingTables(db: Knex, tables: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.raw<{ rows: Array<{ name: string }> }>(
    'select t as name from unnest(?::text[]) t where to_regclass(quote_ident(t)) is not null',
    [[...tables]],
  );
  return new Set(rows.map((r) => r.name));
}

/** Where each projection stands (metrics, health): its position, what it has not applied, what it parked. */
export async function projectionLags(db: Knex, models: readonly ReadModel[]): Promise<ProjectionLag[]> {
  const tables = await existingTables(db, [
    PROJECTION_STATUS_TABLE,
    'parked_events',
    ...models.map((m) => checkpointTable(m)),
  ]);
  const positions = new Map<string, number>();
  const parked = new Map<string, number>();
  if (tables.has(PROJECTION_STATUS_TABLE))
    for (const row of await db(PROJECTION_STATUS_TABLE).select<{ projection: string; position: string }[]>(
      'projection',
      'position',
    ))
      positions.set(row.projection, Number(row.position));
  if (tables.has('parked_events'))
    for (const row of await db('parked_events')
      .groupBy('projection')
      .select<{ projection: string; n: string }[]>('projection', db.raw('count(*) as n')))
      parked.set(row.projection, Number(row.n));
  const lags: ProjectionLag[] = [];
  for (const model of models) {
    const checkpoints = checkpointTable(model);
    // Not created yet: the projector has not started, so every event of its categories is pending.
    const pending = tables.has(checkpoints)
      ? await pendingEvents(db, checkpoints, model.categories)
      : await allOf(db, model.categories);
    lags.push({
      projection: model.name,
      position: positions.get(model.name) ?? 0,
      pendingEvents: pending.count,
      oldestPendingAt: pending.oldest,
      parked: parked.get(model.name) ?? 0,
    });
  }
  return lags;
}

async function allOf(
  db: Knex,
  categories: readonly string[],
): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await db.raw<{ rows: Array<{ n: string; oldest: Date | null }> }>(
    'select count(*) as n, min(occurred_at) as oldest from events where stream like any(?)',
    [categories.map((c) => `${c}-%`)],
  );
  return { count: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}
