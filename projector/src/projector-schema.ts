import type { Knex } from 'knex';
import type { ProjectionTarget } from './projection-target.ts';

/**
 * The projector's bookkeeping, in the views' database:
 * - projection_streams: per projection and stream, the last version applied (exactly-once effect:
 *   an event applies only at version = last + 1, written in the same transaction as the rows);
 * - projection_status: per projection, the highest position applied (status, X-Position) and
 *   its generation, which each rebuild swap bumps (cache keys: same position, new tables);
 * - parked_events: events that were malformed ('*' = no projection could read them), failed to
 *   apply, or arrived after a gap; a gap-parked event is applied once its predecessor arrives;
 * - projector_tail: the store tailer's checkpoint (embedded mode).
 */
export async function migrateProjector(db: Knex, targets: readonly ProjectionTarget[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7231003)');
    await trx.raw(`
      create table if not exists projection_streams (
        projection text not null,
        stream text not null,
        version integer not null,
        primary key (projection, stream)
      );
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
      create table if not exists projector_tail (
        id text primary key,
        tx_id text not null,
        position bigint not null
      );
    `);
    for (const target of targets) {
      for (const [key, createSql] of Object.entries(target.projection.tables)) {
        await trx.raw(createSql(target.tables[key]!));
      }
      await trx('projection_status').insert({ projection: target.key }).onConflict('projection').ignore();
    }
  });
}
