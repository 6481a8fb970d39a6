import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Benchmark } from './benchmark.ts';
import { benchmarks } from './benchmarks.ts';
import { startBenchServer } from './bench-server.ts';
import { countMisses, formatJsonLines, formatReport, type BenchOutcome } from './report.ts';
import { selectBenchmarks } from './select-benchmarks.ts';

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
      const t0 = performance.now();
      progress(`${bench.name}: ${bench.summary}`);
      outcomes.push(await runInItsOwnProcess(bench));
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

/** Runs one benchmark in a child process (run-one.ts) against this run's Postgres (DATABASE_URL). */
function runInItsOwnProcess(bench: Benchmark): Promise<BenchOutcome> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./run-one.ts', import.meta.url)), bench.name],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      // The outcome is the last line that is one: a line a server logged on its way out may follow it.
      const outcome = output.trim().split('\n').reverse().map(outcomeIn).find(Boolean);
      resolve(
        outcome ?? {
          bench: bench.name,
          figures: [],
          error: `its process exited with ${code} and no figures`,
        },
      );
    }),
  );
}

function outcomeIn(line: string): BenchOutcome | undefined {
  try {
    const parsed = JSON.parse(line) as Partial<BenchOutcome>;
    return typeof parsed.bench === 'string' && Array.isArray(parsed.figures)
      ? (parsed as BenchOutcome)
      : undefined;
  } catch {
    return undefined;
  }
}

// Exit explicitly: a pool or listener left open by a crashed benchmark must not hang the run.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
    process.exit(1);
  },
);
