import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServerSpec {
  /** The name its log lines are prefixed with. */
  name: string;
  /** The server's entrypoint (the same file docker-compose.yml runs). */
  entry: string;
  args?: string[];
  cwd?: string;
  /** The whole environment of the process (nothing is inherited). */
  env: Record<string, string>;
  /** Resolves once the server answers; `logged` holds its output so far. */
  ready: (check: ReadyCheck) => Promise<void>;
  readyTimeoutMs?: number;
  /** How long a clean stop may take before the process group is killed. */
  stopTimeoutMs?: number;
  /** Extra `node` flags, e.g. `--watch` under `npm run dev`. */
  nodeArgs?: string[];
  /** How long it must stay up before a crash restarts it at once again (default 60 s). */
  stableMs?: number;
}

export interface ReadyCheck {
  logged: () => readonly string[];
  signal: AbortSignal;
}

export interface SupervisedServer {
  name: string;
  pid: () => number | undefined;
  stop(): Promise<void>;
}

export interface SupervisorLog {
  /** A line of the server's own output. */
  output(name: string, line: string, stream: 'stdout' | 'stderr'): void;
  /** What the supervisor says about a server (crashes, restarts). */
  say(line: string): void;
}

const preload = fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url));
const backoffMs = (restarts: number) => Math.min(30_000, 1000 * 2 ** restarts);
/** A server that stayed up this long is healthy again: the next crash restarts it at once. */
const defaultStableMs = 60_000;

/**
 * Starts one server as its own OS process and resolves when it answers. A server that exits
 * before it is ready rejects with the reason (its last lines); one that crashes later is
 * restarted with backoff, and the supervisor says so. Each runs in a process group of its own,
 * so a terminal's Ctrl-C reaches only the supervisor, which stops them in order.
 */
export async function startSupervised(spec: ServerSpec, log: SupervisorLog): Promise<SupervisedServer> {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  const launch = async (): Promise<void> => {
    const lines: string[] = [];
    const args = [...(spec.nodeArgs ?? []), '--import', preload, spec.entry, ...(spec.args ?? [])];
    const current = spawn(process.execPath, args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    child = current;
    current.channel?.unref();
    for (const stream of ['stdout', 'stderr'] as const) {
      createInterface({ input: current[stream]! }).on('line', (line) => {
        lines.push(line);
        if (lines.length > 200) lines.shift();
        log.output(spec.name, line, stream);
      });
    }
    const exited = new Promise<string>((resolve) =>
      current.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)),
    );
    const aborter = new AbortController();
    const timeoutMs = spec.readyTimeoutMs ?? 120_000;
    const timer = setTimeout(() => aborter.abort(), timeoutMs);
    try {
      const outcome = await Promise.race([
        spec.ready({ logged: () => lines, signal: aborter.signal }).then(() => 'ready' as const),
        exited.then((how) => ({ exited: how })),
        new Promise<'timeout'>((resolve) =>
          aborter.signal.addEventListener('abort', () => resolve('timeout')),
        ),
      ]);
      if (outcome === 'timeout' || typeof outcome === 'object') {
        if (outcome === 'timeout') await killGroup(current, exited, 5_000);
        const why =
          outcome === 'timeout'
            ? `did not answer within ${timeoutMs / 1000} s`
            : `exited (${outcome.exited})`;
        throw new Error(`${spec.name} ${why} while starting:\n${lines.slice(-20).join('\n')}`);
      }
    } finally {
      clearTimeout(timer);
      aborter.abort();
    }
    const startedAt = Date.now();
    void exited.then((how) => {
      if (stopping || child !== current) return;
      if (Date.now() - startedAt > (spec.stableMs ?? defaultStableMs)) restarts = 0;
      scheduleRestart(`${spec.name} exited (${how})`);
    });
  };

  const scheduleRestart = (reason: string) => {
    const delay = backoffMs(restarts++);
    log.say(`${reason}; restarting it in ${delay / 1000} s (restart ${restarts})`);
    restartTimer = setTimeout(() => {
      if (stopping) return;
      launch().then(
        () => log.say(`${spec.name} is back`),
        (error: Error) => {
          if (!stopping) scheduleRestart(error.message.split('\n')[0]!.replace(/:$/, ''));
        },
      );
    }, delay);
  };

  await launch();
  return {
    name: spec.name,
    pid: () => child?.pid,
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await killGroup(child, exited, spec.stopTimeoutMs ?? 30_000);
    },
  };
}

/** Waits for a clean exit, then kills the whole process group (grandchildren included). */
async function killGroup(child: ChildProcess, exited: Promise<unknown>, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
  ]);
  clearTimeout(timer);
  if (!late || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  await exited;
}
