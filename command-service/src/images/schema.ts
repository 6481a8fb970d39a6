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
}
