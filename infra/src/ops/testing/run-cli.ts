import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the ops CLIs (its path from the repository's root) as a child process, as its npm
 * script does, with `env` replacing the ops-related variables (so a test picks the store or Kafka).
 */
export function startCli(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): { child: ChildProcess; done: Promise<CliResult> } {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'KAFKA_BROKERS', 'KAFKA_TOPIC_PREFIX']) delete base[name];
  const child = spawn(process.execPath, [script, ...args], {
    cwd: repoRoot,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

export const runCli = (...args: Parameters<typeof startCli>) => startCli(...args).done;
