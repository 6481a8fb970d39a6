import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import { createPostgresRevocationStore } from './postgres-revocation-store.ts';
import { createRedisRevocationStore } from './redis-revocation-store.ts';
import { watchRevokedTokens, type RevokedTokens } from './revoked-tokens.ts';

/** The signed-out tokens list of this mode: Redis when REDIS_URL is set, else the shared database. */
export async function openRevokedTokens(
  config: Pick<Config, 'REDIS_URL'>,
  db: Knex,
  log?: (line: string) => void,
): Promise<RevokedTokens> {
  const store = config.REDIS_URL
    ? createRedisRevocationStore(config.REDIS_URL)
    : await createPostgresRevocationStore(db);
  return watchRevokedTokens(store, { log });
}
