import type { Knex } from 'knex';

/** The part of a pooled pg connection these queries use. */
export interface PgConnection {
  query<R = Record<string, unknown>>(
    config: string | { name?: string; text: string; values?: unknown[] },
  ): Promise<{ rows: R[] }>;
}

/** Runs `work` on a connection of the pool, given back afterwards whatever happens. */
export async function withConnection<T>(
  db: Knex,
  work: (connection: PgConnection) => Promise<T>,
): Promise<T> {
  const connection = (await db.client.acquireConnection()) as PgConnection;
  try {
    return await work(connection);
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/**
 * One statement of a hot path as a named prepared statement straight on a pooled connection:
 * Postgres parses and plans it once per connection instead of on every call, and the query
 * builder's per-query work is skipped. `text` uses $1, $2... placeholders.
 */
export async function preparedQuery<R>(
  db: Knex,
  statement: { name: string; text: string },
  values: unknown[],
): Promise<R[]> {
  const { rows } = await withConnection(db, (connection) => connection.query<R>({ ...statement, values }));
  return rows;
}
