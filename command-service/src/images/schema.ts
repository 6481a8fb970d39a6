import type { Knex } from 'knex';

/** Uploaded images live in Postgres, so every command-service replica serves every image. */
export async function migrateImages(db: Knex): Promise<void> {
  await db.raw(`
    create table if not exists images (
      id uuid primary key,
      content_type text not null,
      bytes bytea not null,
      created_at timestamptz not null
    )`);
  // Who uploaded it: a maintenance request may show only its requester's own photos. Images from
  // before this column have no uploader, so no request can take them.
  await db.raw('alter table images add column if not exists uploaded_by text');
}
