import type { Knex } from 'knex';

/**
 * The event store's tables. `tx_id` is the writing transaction's id: readers order by
 * (tx_id, position) and read only below the oldest in-flight transaction, so an event whose
 * transaction commits late is never skipped (the tailing pitfall, docs/architecture.md §4).
 * The outbox holds what the relay has yet to publish to Kafka; rows are deleted once published.
 */
export async function migrateEventStore(db: Knex): Promise<void> {
  // One migration at a time when several processes start together.
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7231001)');
    await trx.raw(`
      create table if not exists events (
        position bigserial primary key,
        id uuid not null unique,
        stream text not null,
        version integer not null,
        type text not null,
        schema_version integer not null,
        data jsonb not null,
        occurred_at timestamptz not null,
        actor jsonb not null,
        correlation_id uuid not null,
        causation_id uuid,
        prev_hash text,
        hash text not null,
        tx_id xid8 not null default pg_current_xact_id(),
        unique (stream, version)
      );
      -- Operational context (the recording command's trace), not hashed: added to older stores.
      alter table events add column if not exists metadata jsonb;
      create index if not exists events_tx_order on events (tx_id, position);
      create index if not exists events_type on events (type);
      create table if not exists outbox (
        position bigint primary key references events (position),
        topic text not null,
        key text not null,
        tx_id xid8 not null default pg_current_xact_id()
      );
      create index if not exists outbox_tx_order on outbox (tx_id, position);
    `);
  });
}
