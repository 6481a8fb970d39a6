import knex, { type Knex } from 'knex';
import { randomBytes } from 'node:crypto';

export interface TestDatabase {
  url: string;
  db: Knex;
  drop(): Promise<void>;
}

/** The Postgres server the integration tier runs against (set by the global set-up or the environment). */
export function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run integration tests through vitest (global set-up)');
  return url;
}

/** A fresh, empty database on the test server, so test files never see each other's rows. */
export async function createTestDatabase(label = 't'): Promise<TestDatabase> {
  const name = `${label}_${randomBytes(6).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = knex({ client: 'pg', connection: serverUrl(), pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = withDatabase(serverUrl(), name);
  const db = knex({ client: 'pg', connection: url, pool: { min: 0, max: 20 } });
  return {
    url,
    db,
    async drop() {
      await db.destroy();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
