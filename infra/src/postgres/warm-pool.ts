import type { Knex } from 'knex';

/**
 * Opens `connections` of the pool at once and hands them back, so the first requests after a
 * start find them open instead of each paying for a connection (TCP, authentication, a backend's
 * start) while 32 others queue behind it. The pool closes idle ones after 30 s, as it would anyway.
 */
export async function warmPool(db: Knex, connections: number): Promise<void> {
  const opened = await Promise.all(
    Array.from({ length: connections }, () => db.client.acquireConnection() as Promise<unknown>),
  );
  await Promise.all(opened.map((connection) => db.client.releaseConnection(connection)));
}
