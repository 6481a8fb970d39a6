import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { profilingFlags } from './service-process.ts';

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
  const child = spawn(
    process.execPath,
    [...profilingFlags(), fileURLToPath(import.meta.resolve(entry)), ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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
