import { fileURLToPath } from 'node:url';
import { loadConfig } from '@building/infra/config';
import { portsFromConfig } from './stack-ports.ts';
import { startStack } from './start-stack.ts';
import type { StackMode } from './start/stack-options.ts';
import type { Stack } from './start/stack-report.ts';
import { readyBanner } from './start/ready-banner.ts';

/**
 * `npm start` (the product: production UI build, one process per server) and `npm run dev`
 * (`--dev`: Vite with hot reload, servers under `node --watch`). Data is kept in ./.data.
 * Ctrl-C or SIGTERM stops every server in reverse order and exits 0; a server that cannot start
 * stops the rest and exits 1 with the reason.
 */
const mode: StackMode = process.argv.includes('--dev') ? 'dev' : 'production';
const dataDir = fileURLToPath(new URL('../../.data', import.meta.url));
const say = (line: string) => console.log(`[stack] ${line}`);
const aborter = new AbortController();
let stack: Stack | undefined;
let starting: Promise<unknown> = Promise.resolve();
let stopping = false;

async function shutdown(signal: string) {
  if (stopping) {
    say(`${signal} again: still stopping, please wait`);
    return;
  }
  stopping = true;
  say(`${signal}: stopping everything`);
  aborter.abort();
  await starting.catch(() => undefined); // a start that fails stops what it had started
  await stack?.stop();
  say('stopped');
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => void shutdown(signal));

const started = Date.now();
try {
  const config = loadConfig(process.env);
  say(`starting Building (${mode === 'dev' ? 'development' : 'production'}), data in ${dataDir}`);
  starting = startStack({
    dataDir,
    ports: portsFromConfig(config),
    env: process.env,
    mode,
    log: say,
    signal: aborter.signal,
  });
  stack = (await starting) as Stack;
} catch (error) {
  if (stopping) await new Promise(() => {}); // the shutdown handler exits
  console.error(`[stack] could not start: ${(error as Error).message}`);
  process.exit(1);
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(readyBanner(stack, { seconds, mode }));
