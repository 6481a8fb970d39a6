import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@building/embedded-postgres/start-embedded-postgres';
import { freePort } from '@building/ports/ports';
import { createTestDatabase } from '@building/infra/testing/test-database';
import { runFuzz } from './run-fuzz.ts';

/**
 * `npm run chaos [-- --size small|full] [--seed N]`: the seeded fuzz run (small: 1,000 malformed
 * requests, full: 10,000) against both services over a real database (DATABASE_URL's server, else
 * an embedded Postgres), then its checks. Prints a summary; exits 1 when a check fails.
 *
 * Not here yet: the chaos runs the issue asks for (distributed mode on a real Kafka broker, two
 * projectors, kill -9 / broker restart / duplicate deliveries / Redis outage injections). The
 * summary says so, and the full size fails until they exist.
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const size = option('size') ?? 'small';
if (size !== 'small' && size !== 'full') {
  console.error('usage: npm run chaos -- [--size small|full] [--seed N]');
  process.exit(2);
}
const seed = Number(option('seed') ?? 15);
const requests = size === 'full' ? 10_000 : 1_000;

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
const database = await createTestDatabase('chaos');
let failed = true;
try {
  const started = Date.now();
  const summary = await runFuzz({
    db: database.db,
    databaseUrl: database.url,
    seed,
    requests,
    log: (line) => console.error(line),
  });
  const serverErrors = summary.serverErrors.length;
  console.log(`chaos summary (size ${size}, seed ${seed})`);
  console.log(`  fuzz: ${summary.requests} malformed requests over ${summary.routes} routes`);
  console.log(`  answers: ${JSON.stringify(summary.byStatus)}`);
  console.log(`  5xx: ${serverErrors}${serverErrors ? ` (first: ${summary.serverErrors[0]!.request})` : ''}`);
  console.log(`  parked events: ${summary.parked}`);
  console.log(`  views equal a rebuild: ${summary.viewsEqualRebuild ? 'yes' : 'NO'}`);
  console.log('  chaos runs (Kafka, 2 projectors, injections): NOT IMPLEMENTED');
  console.log(`  took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  failed = serverErrors > 0 || summary.parked > 0 || !summary.viewsEqualRebuild || size === 'full';
} finally {
  await database.drop();
  await stopPostgres?.();
}
process.exit(failed ? 1 : 0);
