import type { Knex } from 'knex';

/** Uploaded images live in Postgres, so every command-service replica serves every image. */
export async function migrateImages(db: Knex): Promise<void> {
  // Replicas start together: one migration at a time (a concurrent create can fail).
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7231006)');
    await trx.raw(`
      create table if not exists images (
        id uuid primary key,
        content_type text not null,
        bytes bytea not null,
        created_at timestamptz not null
      )`);
    // Who uploaded it: a maintenance request may show only its requester's own photos. Images from
    // before this column have no uploader, so no request can take them.
    await trx.raw('alter table images add column if not exists uploaded_by text');
  });
}
