import type { TestDatabase } from '@building/infra/testing/test-database';
import { spawnEntry } from './service-process.ts';

/**
 * Runs one of the product's command-line tools as the operator does (`npm run <script>` runs the
 * same file), as its own OS process, with `env` on top of this process's. Resolves with its
 * standard output and wall time once it exits 0; stderr lines (progress, warnings) go to `log`.
 */
export function runCommand(
  entry: string,
  args: readonly string[],
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<{ stdout: string; ms: number }> {
  const started = performance.now();
  const child = spawnEntry(entry, args, env);
  let stdout = '';
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.trim()) log(line.trimEnd());
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (pending.trim()) log(pending.trimEnd());
      if (code === 0) resolve({ stdout, ms: performance.now() - started });
      else reject(new Error(`${entry} ${args.join(' ')} exited with ${code}:\n${stdout}`));
    });
  });
}

/**
 * `npm run seed-log -- --events N` into `database`, as its own process (the log a projector
 * rebuilds or catches up on was written by others): the events it wrote and its wall time.
 */
export async function seedLogCommand(
  database: TestDatabase,
  events: number,
  log: (line: string) => void,
): Promise<{ events: number; ms: number }> {
  const { stdout, ms } = await runCommand(
    '@building/bench/seed-log/seed-log-cli',
    ['--events', String(events)],
    { DATABASE_URL: database.url },
    log,
  );
  log(stdout.trim());
  const seeded = Number(/seeded (\d+) events/.exec(stdout)?.[1]);
  if (!Number.isSafeInteger(seeded)) throw new Error(`unexpected output from seed-log:\n${stdout}`);
  return { events: seeded, ms };
}
