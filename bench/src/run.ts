import { cpus, loadavg } from 'node:os';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import type { BenchContext, Benchmark } from './benchmark.ts';
import { startBenchServer } from './bench-server.ts';
import { commands } from './commands.bench.ts';
import { eventStoreAppend } from './event-store-append.bench.ts';
import { freshnessKafka } from './freshness/freshness-kafka.bench.ts';
import { freshness } from './freshness/freshness.bench.ts';
import { phoneLcp } from './phone-lcp.bench.ts';
import { projectorCatchUp } from './projector-catch-up.bench.ts';
import { listing } from './listing.bench.ts';
import { projectionsRebuild } from './projections-rebuild.bench.ts';
import { countMisses, formatJsonLines, formatReport, type BenchOutcome } from './report.ts';
import { selectBenchmarks } from './select-benchmarks.ts';
import { tailing } from './tailing.bench.ts';
import { uiBundle } from './ui-bundle.bench.ts';

/** Every benchmark, in the order a full run goes through them. */
const benchmarks: readonly Benchmark[] = [
  eventStoreAppend,
  tailing,
  projectorCatchUp,
  projectionsRebuild,
  freshness,
  freshnessKafka,
  listing,
  commands,
  uiBundle,
  phoneLcp,
];

const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`);

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const args = argv.filter((arg) => arg !== '--json');
  if (args.includes('--help') || args.includes('-h') || args.includes('--list')) {
    process.stdout.write(
      'usage: npm run bench -- [--json] [name...]   (no names: all of them; --json: one JSON line per figure)\n\n' +
        benchmarks.map((b) => `  ${b.name.padEnd(20)} ${b.summary}`).join('\n') +
        '\n',
    );
    return 0;
  }
  let selected: Benchmark[];
  try {
    selected = selectBenchmarks(benchmarks, args);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }

  const server = await startBenchServer(progress);
  const stopServer = () => server.stop().catch((error: unknown) => progress(`stopping Postgres: ${error}`));
  const interrupted = () => {
    progress('interrupted: stopping Postgres');
    void stopServer().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  const outcomes: BenchOutcome[] = [];
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  try {
    for (const bench of selected) {
      const databases: TestDatabase[] = [];
      const context: BenchContext = {
        async database(label) {
          const database = await createTestDatabase(`bench_${label.replaceAll('-', '_')}`);
          databases.push(database);
          return database;
        },
        progress: (line) => progress(`${bench.name}: ${line}`),
      };
      const t0 = performance.now();
      progress(`${bench.name}: ${bench.summary}`);
      try {
        outcomes.push({ bench: bench.name, figures: await bench.run(context) });
      } catch (error) {
        progress(`${bench.name} crashed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
        outcomes.push({ bench: bench.name, figures: [], error: String(error) });
      } finally {
        for (const database of databases.reverse()) await database.drop().catch(() => {});
      }
      progress(`${bench.name}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    await stopServer();
  }

  const crashed = outcomes.filter((o) => o.error).length;
  const misses = countMisses(outcomes);
  // With --json, stdout carries the figures alone; the summary goes with the progress to stderr.
  const summary = json ? process.stderr : process.stdout;
  if (json)
    process.stdout.write(
      formatJsonLines(outcomes)
        .map((line) => `${line}\n`)
        .join(''),
    );
  else process.stdout.write(`\n${formatReport(outcomes)}\n\n`);
  summary.write(
    `${selected.length} benchmark(s) in ${((performance.now() - started) / 1000).toFixed(0)} s` +
      ` on ${server.embedded ? 'embedded Postgres' : 'DATABASE_URL'}; ${misses} target(s) missed` +
      `${crashed > 0 ? `; ${crashed} crashed` : ''} (a MISS is information, not a failure)\n`,
  );
  // Figures taken on a busy machine say little: say how busy it was before we started.
  const cores = cpus().length;
  summary.write(
    `load average before the run ${loadBefore.toFixed(1)} on ${cores} cores` +
      `${loadBefore > cores ? ': the machine was busy, so these figures are pessimistic' : ''}\n`,
  );
  return crashed > 0 ? 1 : 0;
}

// Exit explicitly: a pool or listener left open by a crashed benchmark must not hang the run.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
    process.exit(1);
  },
);
