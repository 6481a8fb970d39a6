import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@building/embedded-postgres/start-embedded-postgres';
import { freePort } from '@building/ports/ports';

export interface BenchServer {
  /** Where the benchmarks' fresh databases are created (also put in process.env.DATABASE_URL). */
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * The Postgres server the benchmarks run against: DATABASE_URL when set (each benchmark makes
 * its own database on it), else an embedded Postgres in a temporary directory, removed at the end.
 */
export async function startBenchServer(log: (line: string) => void): Promise<BenchServer> {
  const given = process.env.DATABASE_URL;
  if (given) return { url: given, embedded: false, stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'building-bench-pg-'));
  log(`starting an embedded Postgres in ${dir}`);
  try {
    const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
    process.env.DATABASE_URL = pg.url;
    return {
      url: pg.url,
      embedded: true,
      async stop() {
        await pg.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
