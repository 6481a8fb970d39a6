import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { startEmbeddedPostgres } from './start-embedded-postgres.ts';

// Embedded PostgreSQL as a process of its own (npm start): data in EMBEDDED_PG_DIR, kept across
// restarts, on 127.0.0.1:EMBEDDED_PG_PORT and on a Unix socket in its data dir. SIGINT or SIGTERM
// stops the server cleanly.
const dir = resolve(process.env.EMBEDDED_PG_DIR ?? '.data/postgres');
const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`EMBEDDED_PG_PORT must be a port number, not '${process.env.EMBEDDED_PG_PORT}'`);
  process.exit(2);
}
mkdirSync(dirname(dir), { recursive: true });
// As root, Postgres runs as the postgres user, which must be able to reach its data dir.
chmodSync(dirname(dir), statSync(dirname(dir)).mode | 0o711);

const pg = await startEmbeddedPostgres({ dir, port, persistent: true });
// The library's own signal handlers stop Postgres and exit at once; ours waits for a clean stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  for (const listener of process.listeners(signal)) process.off(signal, listener);
  process.once(signal, () => {
    void pg.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`stopping Postgres failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  });
}
console.log(`PostgreSQL ready at ${pg.url.replace(/:[^:@/]+@/, ':***@')} (data in ${dir})`);
