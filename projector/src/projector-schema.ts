import type { Knex } from 'knex';
import { holdProjections } from './projection-lock.ts';
import type { ProjectionTarget } from './projection-target.ts';
import { checkpointSpec, createIndexesSql, createTableSql, ident, type TableSpec } from './table-spec.ts';

/**
 * The projector's bookkeeping, in the views' database (besides each view's tables):
 * - `<view>_streams`: per stream, the last version the view applied (exactly-once effect: an event
 *   applies only at version = last + 1, written in the same transaction as the rows). It belongs to
 *   the view, so a rebuild builds and swaps it with the view's tables;
 * - projection_status: per projection, the highest position applied (status, X-Position) and
 *   its generation, which each rebuild swap bumps (cache keys: same position, new tables);
 * - parked_events: events that were malformed ('*' = no projection could read them), failed to
 *   apply, or arrived after a gap; a gap-parked event is applied once its predecessor arrives;
 * - projector_tail: the store tailer's checkpoint (embedded mode).
 */
export async function migrateProjector(db: Knex, targets: readonly ProjectionTarget[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7231003)');
    // The views' own lock, exclusively: a live batch holds it shared before it touches a table, so
    // this waits for the batches in flight and holds new ones off. Without it, `create index if not
    // exists` on a live table (a rebuild beside a running projector) deadlocked with a batch.
    await holdProjections(
      trx,
      targets.map((t) => t.key),
      'exclusive',
    );
    await trx.raw(`
      create table if not exists projection_status (
        projection text primary key,
        position bigint not null default 0,
        updated_at timestamptz not null default now()
      );
      alter table projection_status add column if not exists generation integer not null default 0;
      create table if not exists parked_events (
        id bigserial primary key,
        projection text not null,
        event_key text not null,
        position bigint,
        stream text,
        version integer,
        type text,
        reason text not null,
        error text not null,
        event jsonb,
        parked_at timestamptz not null default now(),
        unique (projection, event_key)
      );
      create index if not exists parked_events_gaps on parked_events (projection, stream) where reason = 'gap';
      create table if not exists projector_tail (
        id text primary key,
        tx_id text not null,
        position bigint not null
      );
    `);
    // Checkpoints used to live in one shared table: carry them over when a view's own is created.
    const legacy = await tableExists(trx, 'projection_streams');
    for (const target of targets) {
      const fresh = !(await tableExists(trx, target.checkpoints));
      await createTables(trx, target);
      if (legacy && fresh) {
        await trx.raw(
          `insert into ${ident(target.checkpoints)} (stream, version)
            select stream, version from projection_streams where projection = ? on conflict do nothing`,
          [target.key],
        );
      }
      await trx('projection_status').insert({ projection: target.key }).onConflict('projection').ignore();
    }
  });
}

/** A view's physical tables with their specs: its own tables, then its checkpoint table. */
export function tablesOf(target: ProjectionTarget): Array<{ spec: TableSpec; name: string }> {
  const tables = Object.entries(target.projection.tables).map(([key, spec]) => ({
    spec,
    name: target.tables[key]!,
  }));
  tables.push({ spec: checkpointSpec, name: target.checkpoints });
  return tables;
}

/** A view's tables with their indexes, and its checkpoint table (idempotent). */
async function createTables(trx: Knex.Transaction, target: ProjectionTarget): Promise<void> {
  for (const { spec, name } of tablesOf(target)) {
    await trx.raw(createTableSql(spec, name));
    for (const sql of createIndexesSql(spec, name)) await trx.raw(sql);
  }
}

export async function tableExists(db: Knex | Knex.Transaction, table: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: Array<{ oid: string | null }> }>(
    'select to_regclass(?)::text as oid',
    [ident(table)],
  );
  return rows[0]?.oid !== null && rows[0]?.oid !== undefined;
}
