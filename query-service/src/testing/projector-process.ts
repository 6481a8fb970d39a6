import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root: the projector is run from its own entrypoints, as in production. */
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The environment of a product process on `databaseUrl`, in the embedded mode (it tails the store). */
function environment(databaseUrl: string): NodeJS.ProcessEnv {
  const { KAFKA_BROKERS: _kafka, REDIS_URL: _redis, ...env } = process.env;
  return { ...env, DATABASE_URL: databaseUrl };
}

/**
 * Test support: the projector beside the query-service, as its own process (`projector/src/main.ts`)
 * on the test's database: the two services share nothing but the views, as they do in production.
 * Resolves once it says it is running.
 */
export async function startProjectorProcess(databaseUrl: string): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['projector/src/main.ts'], {
    cwd: root,
    env: environment(databaseUrl),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const hear = (chunk: Buffer) => {
      output += chunk.toString();
      // A structured log line (its message 'running'), or the readable one `npm start` shows.
      if (/"msg":"running"|\[projector\] running/.test(output)) resolve();
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    exited.then((code) => reject(new Error(`the projector exited (${code}) before running:\n${output}`)));
  });
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs the projections CLI (`npm run projections -- ...`) on `databaseUrl`; resolves with its output, rejects on failure. */
export async function runProjectionsCli(databaseUrl: string, args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['projector/src/ops/projections-cli.ts', ...args], {
    cwd: root,
    env: environment(databaseUrl),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`projections ${args.join(' ')} exited ${code}:\n${output}`);
  return output;
}
