import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { assertPortsFree, freePort } from '@building/ports/ports';
import { exportOnChange, recoverInterruptedExport } from './export-on-change.ts';

export interface AuthEmulatorHandle {
  /** `127.0.0.1:<port>`, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  projectId: string;
  /** The firebase process (leader of its own process group). */
  pid: number;
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  port?: number;
  projectId?: string;
  /**
   * Keeps the accounts here across restarts: imported at start, exported whenever they change
   * (so a kill -9 loses none) and on a clean stop. Else a temp dir.
   */
  dataDir?: string;
  /** How often the accounts are checked for changes to export (default 1 s). */
  exportIntervalMs?: number;
  /** The address it listens on; 0.0.0.0 in a container. */
  bindHost?: string;
  onLog?: (line: string) => void;
  /** Aborting while it starts stops it and rejects. */
  signal?: AbortSignal;
  /** Default 180 s: it needs about 8 s idle, but compiles its API validators with much CPU. */
  readyTimeoutMs?: number;
}

const require = createRequire(import.meta.url);
const firebaseCli = join(dirname(require.resolve('firebase-tools/package.json')), 'lib/bin/firebase.js');

/**
 * Runs the Firebase Auth emulator (firebase-tools, `--only auth`: plain Node, no Java) as a child
 * process in its own process group, so a terminal's Ctrl-C reaches only the launcher, which then
 * stops it cleanly (a second SIGINT would make firebase skip the account export).
 */
export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<AuthEmulatorHandle> {
  const port = options.port ?? 9099;
  const projectId = options.projectId ?? 'demo-building';
  // Checked first: a readiness probe would otherwise be answered by whatever holds the port.
  await assertPortsFree([{ name: 'auth emulator', port, envVar: 'AUTH_EMULATOR_PORT' }]);
  const workDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'building-auth-'));
  const scratch = join(workDir, 'tmp');
  mkdirSync(scratch, { recursive: true });
  const configFile = join(workDir, 'firebase.json');
  const hubPort = await freePort();
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: options.bindHost ?? '127.0.0.1', port },
        // Left alone, every emulator takes 4400 and 4500 for these: two starting at once (npm
        // start and the tests) would both take them and one dies.
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: await freePort() },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const accountsDir = join(workDir, 'accounts');
  if (options.dataDir) recoverInterruptedExport(workDir, accountsDir);
  // firebase imports only a dir holding an export, and exports on exit even when there was none.
  const persistence = options.dataDir
    ? [
        ...(existsSync(join(accountsDir, 'firebase-export-metadata.json')) ? ['--import', accountsDir] : []),
        '--export-on-exit',
        accountsDir,
      ]
    : [];

  const child = spawn(
    process.execPath,
    [
      firebaseCli,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      configFile,
      ...persistence,
    ],
    {
      cwd: workDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Offline: CI skips the MOTD fetch, NO_UPDATE_NOTIFIER the npm version check; usage
        // tracking stays off unless a user opted in. TMPDIR keeps the hub's locator file private,
        // so several emulators of one project (npm start and the e2e tests) don't see each other.
        CI: 'true',
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        TMPDIR: scratch,
      },
    },
  );
  const output: string[] = [];
  // The port answers before the accounts are imported: only this line says the import is done.
  let announcedReady = false;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      if (line.includes('All emulators ready')) announcedReady = true;
      output.push(line);
      if (output.length > 40) output.shift();
      options.onLog?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const host = `127.0.0.1:${port}`;
  const cleanUp = () => {
    if (!options.dataDir) rmSync(workDir, { recursive: true, force: true });
  };
  let exporting: { stop(): Promise<void> } | undefined;
  const stop = async () => {
    await exporting?.stop();
    // Before it is ready the accounts may not be imported yet: a clean exit would export (and so
    // overwrite them with) a partial set, so it is killed. After, it is given long to export.
    const killed = await stopProcessGroup(child, exited, announcedReady ? 60_000 : 0);
    if (killed && announcedReady)
      options.onLog?.('the auth emulator did not stop in time and was killed: its latest accounts are lost');
    cleanUp();
  };
  try {
    await waitUntilReady(
      host,
      exited,
      () => announcedReady,
      options.readyTimeoutMs ?? 180_000,
      options.signal,
    );
  } catch (error) {
    await stop();
    const detail = output.slice(-15).join('\n');
    throw new Error(`${(error as Error).message}\n--- firebase output ---\n${detail}`);
  }
  if (options.dataDir)
    exporting = exportOnChange({
      authHost: host,
      hubHost: `127.0.0.1:${hubPort}`,
      projectId,
      exportDir: accountsDir,
      intervalMs: options.exportIntervalMs,
      onLog: options.onLog,
    });
  return { host, projectId, pid: child.pid!, stop };
}

async function waitUntilReady(
  host: string,
  exited: Promise<void>,
  announcedReady: () => boolean,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the auth emulator exited before it was ready on ${host}`);
    if (signal?.aborted) throw new Error('the auth emulator start was aborted');
    if (!announcedReady()) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      // A loaded machine can take seconds to answer: a short time-out would never see it ready.
      const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(10_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the auth emulator was not ready on ${host} after ${timeoutMs} ms`);
}

/**
 * SIGINT for a clean shutdown (with the export), SIGKILL if it has not exited after the timeout
 * (at once for 0). Says whether it killed.
 */
async function stopProcessGroup(
  child: ChildProcess,
  exited: Promise<void>,
  timeoutMs: number,
): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return false;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  if (timeoutMs > 0) signalGroup('SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)));
  const killed = await Promise.race([exited.then(() => false), timedOut]);
  if (killed) {
    signalGroup('SIGKILL');
    await exited;
  }
  clearTimeout(timer);
  return killed;
}
