import type { Knex } from 'knex';
import type { RevocationStore } from './revoked-tokens.ts';

const table = 'revoked_access_tokens';

/** The embedded mode's revocation list: one small table in the shared database. */
export async function createPostgresRevocationStore(db: Knex): Promise<RevocationStore> {
  await db.raw(`create table if not exists ${table} (jti text primary key, expires_at timestamptz not null)`);
  return {
    async revoke(jti, expiresAt) {
      await db(table).insert({ jti, expires_at: expiresAt }).onConflict('jti').ignore();
    },
    async active(now) {
      await db(table).where('expires_at', '<=', now).delete();
      return (await db(table).select('jti')).map((row: { jti: string }) => row.jti);
    },
    async close() {},
  };
}
