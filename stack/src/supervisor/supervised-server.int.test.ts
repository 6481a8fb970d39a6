import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '@building/ports/ports';
import { answersHttp } from './readiness.ts';
import { startSupervised, type SupervisorLog } from './supervised-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'building-supervisor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A tiny server: listens on PORT; with CRASH_FILE present it exits 3 at start. */
const server = join(dir, 'server.mjs');
writeFileSync(
  server,
  `import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
if (process.env.CRASH_FILE && existsSync(process.env.CRASH_FILE)) {
  console.error('cannot start: the crash file is there');
  process.exit(3);
}
createServer((req, res) => res.end(String(process.pid))).listen(Number(process.env.PORT), '127.0.0.1', () =>
  console.log('listening'),
);
process.once('SIGTERM', () => { console.log('stopping cleanly'); process.exit(0); });
`,
);

function recorder() {
  const said: string[] = [];
  const output: string[] = [];
  const log: SupervisorLog = { say: (line) => said.push(line), output: (_name, line) => output.push(line) };
  return { said, output, log };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a supervised server', () => {
  it('starts, answers, and stops cleanly', async () => {
    const port = await freePort();
    const { output, log } = recorder();
    const running = await startSupervised(
      {
        name: 'tiny',
        entry: server,
        env: { PORT: String(port) },
        ready: answersHttp(`http://127.0.0.1:${port}/`),
      },
      log,
    );
    const pid = running.pid()!;
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe(String(pid));
    await running.stop();
    expect(alive(pid)).toBe(false);
    expect(output).toContain('stopping cleanly');
  });

  it('fails with the reason when the server exits before it is ready', async () => {
    const crashFile = join(dir, 'crash-at-start');
    writeFileSync(crashFile, '');
    const port = await freePort();
    const start = startSupervised(
      {
        name: 'broken',
        entry: server,
        env: { PORT: String(port), CRASH_FILE: crashFile },
        ready: answersHttp(`http://127.0.0.1:${port}/`),
      },
      recorder().log,
    );
    await expect(start).rejects.toThrow(
      /broken exited \(code 3\) while starting:\ncannot start: the crash file is there/,
    );
    rmSync(crashFile);
  });

  it('restarts a server that crashes, with backoff, and says so', async () => {
    const port = await freePort();
    const crashFile = join(dir, 'crash-on-restart');
    const { said, log } = recorder();
    const running = await startSupervised(
      {
        name: 'flaky',
        entry: server,
        env: { PORT: String(port), CRASH_FILE: crashFile },
        ready: answersHttp(`http://127.0.0.1:${port}/`),
      },
      log,
    );
    try {
      // The first restart fails too (the crash file is there); the second, after a longer wait, works.
      writeFileSync(crashFile, '');
      const first = running.pid()!;
      process.kill(first, 'SIGKILL');
      await vi.waitFor(() => expect(said.join('\n')).toMatch(/could not restart|exited \(code 3\)/), {
        timeout: 10_000,
      });
      rmSync(crashFile);
      await vi.waitFor(() => expect(said).toContain('flaky is back'), { timeout: 15_000 });
      expect(said[0]).toBe('flaky exited (signal SIGKILL); restarting it in 1 s (restart 1)');
      expect(said.some((line) => line.includes('restarting it in 2 s (restart 2)'))).toBe(true);
      expect(running.pid()).not.toBe(first);
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe(String(running.pid()));
    } finally {
      await running.stop();
    }
  });

  it('exits when its supervisor is killed with SIGKILL', async () => {
    const port = await freePort();
    const supervisor = join(dir, 'supervisor.ts');
    const supervised = fileURLToPath(new URL('./supervised-server.ts', import.meta.url));
    const readiness = fileURLToPath(new URL('./readiness.ts', import.meta.url));
    writeFileSync(
      supervisor,
      `import { startSupervised } from ${JSON.stringify(supervised)};
import { answersHttp } from ${JSON.stringify(readiness)};
const running = await startSupervised(
  { name: 'orphan', entry: ${JSON.stringify(server)}, env: { PORT: '${port}' }, ready: answersHttp('http://127.0.0.1:${port}/') },
  { say: () => {}, output: () => {} },
);
console.log('child', running.pid());
setInterval(() => {}, 1000);
`,
    );
    const parent = spawn(process.execPath, [supervisor], { stdio: ['ignore', 'pipe', 'inherit'] });
    const childPid = await new Promise<number>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => {
        const match = /child (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      parent.once('exit', (code) => reject(new Error(`the supervisor exited first (${code})`)));
    });
    expect(alive(childPid)).toBe(true);
    parent.kill('SIGKILL');
    await vi.waitFor(() => expect(alive(childPid)).toBe(false), { timeout: 10_000, interval: 100 });
  });
});
