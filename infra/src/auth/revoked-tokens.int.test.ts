import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { missing } from '../testing/infra-availability.ts';
import { createPostgresRevocationStore } from './postgres-revocation-store.ts';
import { createRedisRevocationStore } from './redis-revocation-store.ts';
import { watchRevokedTokens, type RevocationStore } from './revoked-tokens.ts';

const inAnHour = () => new Date(Date.now() + 3_600_000);

/** Two instances share a store: what one revokes, the other refuses after its next reload. */
async function revokedOnEveryInstance(open: () => Promise<RevocationStore>) {
  const one = await watchRevokedTokens(await open(), { refreshMs: 100 });
  const other = await watchRevokedTokens(await open(), { refreshMs: 100 });
  try {
    const jti = randomUUID();
    expect(other.has(jti)).toBe(false);
    await one.revoke(jti, inAnHour());
    expect(one.has(jti)).toBe(true);
    await expect.poll(() => other.has(jti), { timeout: 5_000 }).toBe(true);
    // An expired entry is forgotten: the token it named is refused for its expiry anyway.
    const old = randomUUID();
    await one.revoke(old, new Date(Date.now() - 1000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.has(old)).toBe(false);
  } finally {
    await one.stop();
    await other.stop();
  }
}

describe.skipIf(missing('postgres'))('revoked tokens in Postgres (embedded mode)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('revoked');
  });
  afterAll(() => db?.drop());
  it('reach every instance', () => revokedOnEveryInstance(() => createPostgresRevocationStore(db.db)));

  it('is created by several processes starting at once (as the two services do)', async () => {
    await db.db.raw('drop table if exists revoked_access_tokens');
    const stores = await Promise.all(Array.from({ length: 8 }, () => createPostgresRevocationStore(db.db)));
    expect(stores).toHaveLength(8);
  });
});

describe.skipIf(missing('redis'))('revoked tokens in Redis (distributed mode)', () => {
  const key = `building:test-revoked:${randomUUID()}`;
  it('reach every instance', () =>
    revokedOnEveryInstance(async () => createRedisRevocationStore(process.env.REDIS_URL!, key)));
});
