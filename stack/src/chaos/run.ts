import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@building/embedded-postgres/start-embedded-postgres';
import { freePort } from '@building/ports/ports';
import { createTestDatabase } from '@building/infra/testing/test-database';
import { chaosVerdict } from './chaos-summary.ts';
import { runChaos } from './run-chaos.ts';
import { runFuzz } from './run-fuzz.ts';

/**
 * `npm run chaos [-- --size ci|full] [--seed N]`: bounded, seeded chaos runs (ci: 3, full: 200) of
 * the distributed mode under injected faults, then the seeded fuzz (ci: 500 malformed requests,
 * full: 10,000), over DATABASE_URL's Postgres server (else an embedded one). Shows progress on
 * stderr, prints the summary table; exits 1 when any check fails.
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const sizes = { ci: { runs: 3, requests: 500 }, full: { runs: 200, requests: 10_000 } };
const size = option('size') ?? 'ci';
const seed = Number(option('seed') ?? 15);
if (!(size in sizes) || !Number.isSafeInteger(seed)) {
  console.error('usage: npm run chaos -- [--size ci|full] [--seed N]');
  process.exit(2);
}
const { runs, requests } = sizes[size as keyof typeof sizes];

let stopPostgres: (() => Promise<void>) | undefined;
if (!process.env.DATABASE_URL) {
  const dir = mkdtempSync(join(tmpdir(), 'building-chaos-pg-'));
  const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
  process.env.DATABASE_URL = pg.url;
  stopPostgres = async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
let passed = false;
try {
  const started = Date.now();
  const progress = (line: string) => console.error(line);
  const chaos = await runChaos({ seed, runs, log: progress });
  const database = await createTestDatabase('fuzz');
  try {
    const fuzz = await runFuzz({ db: database.db, databaseUrl: database.url, seed, requests, log: progress });
    const verdict = chaosVerdict(chaos, fuzz, runs);
    console.log(
      `chaos summary (size ${size}, seed ${seed}, ${((Date.now() - started) / 60_000).toFixed(1)} min)`,
    );
    for (const line of verdict.lines) console.log(line);
    console.log(verdict.passed ? 'all checks held' : 'CHECKS FAILED');
    passed = verdict.passed;
  } finally {
    await database.drop();
  }
} finally {
  await stopPostgres?.();
}
process.exit(passed ? 0 : 1);
