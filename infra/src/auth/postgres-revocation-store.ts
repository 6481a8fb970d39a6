import type { Knex } from 'knex';
import type { RevocationStore } from './revoked-tokens.ts';

const table = 'revoked_access_tokens';

/** The embedded mode's revocation list: one small table in the shared database. */
export async function createPostgresRevocationStore(db: Knex): Promise<RevocationStore> {
  // The command-service and the query-service start together: a concurrent `create table if not
  // exists` can still fail on the type's unique index, so they take turns.
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7231005)');
    await trx.raw(
      `create table if not exists ${table} (jti text primary key, expires_at timestamptz not null)`,
    );
  });
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
