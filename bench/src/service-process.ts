import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ServiceProcess {
  /** The first match of `ready` in the process's output (e.g. the URL it listens on). */
  ready: string;
  pid: number;
  /** Set when the process ended before stop() was called. */
  exited(): number | null;
  stop(): Promise<void>;
}

/**
 * A product entrypoint (`@building/<workspace>/<file>`) as its own Node process, with `env` on top
 * of this process's and its output piped. BENCH_CPU_PROFILE=<dir>: it writes a V8 CPU profile
 * there as it ends.
 */
export function spawnEntry(entry: string, args: readonly string[], env: Record<string, string>) {
  const profile = process.env.BENCH_CPU_PROFILE;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  return spawn(process.execPath, [...profiling, fileURLToPath(import.meta.resolve(entry)), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * One of the product's servers as its own OS process, from the same entrypoint the stack and
 * docker-compose run (`@building/<workspace>/main`), with `env` on top of this process's. Resolves
 * once a line of its output matches `ready`.
 */
export function startServiceProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
  log: (line: string) => void,
): Promise<ServiceProcess> {
  const child = spawnEntry(entry, [], env);
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? 1;
      resolve();
    }),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (!match) return;
      child.stdout.off('data', onData);
      resolve({
        ready: match[1] ?? match[0],
        pid: child.pid!,
        exited: () => exitCode,
        async stop() {
          if (exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    // Warnings and errors stay visible; a crash before it is ready fails the benchmark.
    child.stderr.on('data', (chunk: Buffer) => log(`${entry}: ${chunk.toString().trimEnd()}`));
    child.once('exit', (code) =>
      reject(new Error(`${entry} exited with ${code} before it was ready:\n${output}`)),
    );
  });
}
