import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import type { BenchContext } from './benchmark.ts';
import { benchmarks } from './benchmarks.ts';
import type { BenchOutcome } from './report.ts';

/**
 * One benchmark in a process of its own (run.ts starts one per benchmark): servers measured
 * in-process then never share a heap, compiled code or leftover clients with an earlier benchmark
 * (the listing fell from 0.68x to 0.51x of bare node:http when run after the Kafka one). Postgres is
 * the server at DATABASE_URL; progress goes to stderr, and the outcome as one JSON line to stdout.
 */
const name = process.argv[2];
const bench = benchmarks.find((b) => b.name === name);
const progress = (line: string) => process.stderr.write(`[bench] ${name}: ${line}\n`);

async function main(): Promise<BenchOutcome> {
  if (!bench) throw new Error(`no benchmark is called '${name}'`);
  const databases: TestDatabase[] = [];
  const context: BenchContext = {
    async database(label) {
      const database = await createTestDatabase(`bench_${label.replaceAll('-', '_')}`);
      databases.push(database);
      return database;
    },
    progress,
  };
  try {
    return { bench: bench.name, figures: await bench.run(context) };
  } catch (error) {
    progress(`crashed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    return { bench: bench.name, figures: [], error: String(error) };
  } finally {
    for (const database of databases.reverse()) await database.drop().catch(() => {});
  }
}

// Exit explicitly: a pool or listener left open by a benchmark must not hang the run.
main().then(
  (outcome) => process.stdout.write(`${JSON.stringify(outcome)}\n`, () => process.exit(0)),
  (error: unknown) => {
    progress(`${error instanceof Error ? (error.stack ?? error.message) : error}`);
    process.exit(1);
  },
);
