import type { Knex } from 'knex';

/**
 * Calls `onNotify` on each Postgres NOTIFY on `channel`, over a connection held for the purpose.
 * Returns a function that stops listening and gives the connection back.
 */
export async function listen(db: Knex, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  const connection = (await db.client.acquireConnection()) as {
    query(sql: string): Promise<unknown>;
    on(event: 'notification', handler: (message: { channel: string }) => void): void;
    removeAllListeners(event: string): void;
  };
  const handler = (message: { channel: string }) => {
    if (message.channel === channel) onNotify();
  };
  connection.on('notification', handler);
  await connection.query(`listen ${channel}`);
  return async () => {
    connection.removeAllListeners('notification');
    await connection.query(`unlisten ${channel}`).catch(() => {});
    await db.client.releaseConnection(connection);
  };
}
