import knex from 'knex';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCommandService } from '@building/command-service/start-command-service';
import { seedBuilding } from '@building/command-service/seed/seed-building';
import { startProjector } from '@building/projector/start-projector';
import { startQueryService } from '@building/query-service/start-query-service';
import { startAuthEmulator } from '@building/auth-emulator/start-auth-emulator';
import { loadConfig, type Config } from '@building/infra/config';
import { startEmbeddedPostgres } from '@building/embedded-postgres/start-embedded-postgres';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { startPaymentSandbox } from '@building/payment-sandbox/start-payment-sandbox';
import { demoAccounts, seedDemoAccounts, type DemoAccount } from './demo-accounts.ts';
import { assertPortsFree, freePort } from '@building/ports/ports';
import { makeJwtSecret, makeWebhookSecret, readOrCreateSecret } from './stack-secrets.ts';
import { startUi } from './start-ui.ts';

export interface StackPorts {
  ui: number;
  command: number;
  query: number;
  auth: number;
  sandbox: number;
  postgres: number;
}

export interface StackOptions {
  /** Everything the stack keeps: Postgres data, emulator accounts, the JWT and webhook secrets. */
  dataDir: string;
  ports: StackPorts;
  /** Settings from outside (npm start passes process.env); the stack's own values win. */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** Aborting stops the start after the step under way and stops what had started. */
  signal?: AbortSignal;
}

export interface Stack {
  urls: { ui: string; command: string; query: string; sandbox: string };
  /** `127.0.0.1:<port>`, as FIREBASE_AUTH_EMULATOR_HOST. */
  authHost: string;
  databaseUrl: string;
  config: Config;
  accounts: readonly DemoAccount[];
  stop(): Promise<void>;
}

const host = '127.0.0.1';
const uiRoot = fileURLToPath(new URL('../../../ui', import.meta.url));

export function portsFromConfig(config: Config): StackPorts {
  return {
    ui: config.UI_PORT,
    command: config.COMMAND_PORT,
    query: config.QUERY_PORT,
    auth: config.AUTH_EMULATOR_PORT,
    sandbox: config.PAYMENT_SANDBOX_PORT,
    postgres: config.EMBEDDED_PG_PORT,
  };
}

export async function freeStackPorts(): Promise<StackPorts> {
  const taken = new Set<number>();
  const next = async () => {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    return port;
  };
  return {
    ui: await next(),
    command: await next(),
    query: await next(),
    auth: await next(),
    sandbox: await next(),
    postgres: await next(),
  };
}

/**
 * The embedded default (DESIGN §2) in one process: embedded Postgres, the auth emulator (a child
 * process), the payment sandbox, the command-service, the projector tailing the store, the
 * query-service and the UI's Vite server; then the building and the demo accounts are seeded
 * through the commands. `stop()` stops all of it, in reverse.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const { ports } = options;
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // As root, Postgres runs as the postgres user, which must be able to reach its data dir (a
  // mkdtemp dir is 0700). Traversal only: the secrets inside stay 0600.
  chmodSync(dataDir, statSync(dataDir).mode | 0o711);
  await assertPortsFree([
    { name: 'UI', port: ports.ui, envVar: 'UI_PORT' },
    { name: 'command-service', port: ports.command, envVar: 'COMMAND_PORT' },
    { name: 'query-service', port: ports.query, envVar: 'QUERY_PORT' },
    { name: 'auth emulator', port: ports.auth, envVar: 'AUTH_EMULATOR_PORT' },
    { name: 'payment sandbox', port: ports.sandbox, envVar: 'PAYMENT_SANDBOX_PORT' },
    { name: 'embedded Postgres', port: ports.postgres, envVar: 'EMBEDDED_PG_PORT' },
  ]);

  const started = Date.now();
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t = Date.now();
    const result = await run();
    options.signal?.throwIfAborted();
    log(
      `${name} (${((Date.now() - t) / 1000).toFixed(1)} s, at ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    return result;
  };
  const stops: Array<{ name: string; stop: () => Promise<void> }> = [];
  const stop = async () => {
    for (const entry of stops.splice(0).reverse()) {
      try {
        await withTimeout(entry.name, entry.stop, 90_000);
      } catch (error) {
        log(`stopping ${entry.name} failed: ${(error as Error).message}`);
      }
    }
  };

  try {
    const url = (port: number) => `http://${host}:${port}`;
    const projectId = options.env?.FIREBASE_PROJECT_ID ?? 'demo-building';
    const jwtSecret = readOrCreateSecret(join(dataDir, 'jwt-secret'), makeJwtSecret);
    const webhookSecret = readOrCreateSecret(join(dataDir, 'webhook-secret'), makeWebhookSecret);
    const uiOrigins = `${url(ports.ui)},http://localhost:${ports.ui}`;

    // Independent of each other: started together.
    const pgDir = join(dataDir, 'postgres');
    const [pg, auth, sandbox, ui] = await allStarted([
      step('Postgres ready', async () => {
        const pg = await startEmbeddedPostgres({ dir: pgDir, port: ports.postgres, persistent: true });
        stops.push({ name: 'Postgres', stop: () => stopPostgres(pg.stop, pgDir) });
        return pg;
      }),
      step('auth emulator ready', async () => {
        const auth = await startAuthEmulator({
          port: ports.auth,
          projectId,
          dataDir: join(dataDir, 'auth'),
          signal: options.signal,
        });
        stops.push({ name: 'auth emulator', stop: auth.stop });
        return auth;
      }),
      step('payment sandbox ready', async () => {
        const sandbox = await startPaymentSandbox({
          port: ports.sandbox,
          host,
          webhookUrl: `${url(ports.command)}/webhooks/stripe`,
          webhookSecret,
        });
        stops.push({ name: 'payment sandbox', stop: sandbox.stop });
        return sandbox;
      }),
      step('UI server ready', async () => {
        const ui = await startUi({
          root: uiRoot,
          host,
          port: ports.ui,
          env: {
            VITE_COMMAND_URL: url(ports.command),
            VITE_QUERY_URL: url(ports.query),
            VITE_FIREBASE_AUTH_EMULATOR_HOST: `${host}:${ports.auth}`,
            VITE_FIREBASE_PROJECT_ID: projectId,
            VITE_FIREBASE_API_KEY: 'demo-key',
            VITE_PAYMENT_SANDBOX_URL: url(ports.sandbox),
            VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox',
          },
        });
        stops.push({ name: 'UI', stop: ui.stop });
        return ui;
      }),
    ]);

    const config = loadConfig({
      ...options.env,
      DATABASE_URL: pg.url,
      HOST: host,
      COMMAND_PORT: String(ports.command),
      QUERY_PORT: String(ports.query),
      UI_PORT: String(ports.ui),
      AUTH_EMULATOR_PORT: String(ports.auth),
      PAYMENT_SANDBOX_PORT: String(ports.sandbox),
      EMBEDDED_PG_PORT: String(ports.postgres),
      UI_ORIGINS: uiOrigins,
      COMMAND_PUBLIC_URL: url(ports.command),
      QUERY_PUBLIC_URL: url(ports.query),
      JWT_SECRET: jwtSecret,
      ADMIN_EMAILS: options.env?.ADMIN_EMAILS ?? 'admin@building.test',
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      STRIPE_SECRET_KEY: 'sk_test_sandbox',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      PAYMENT_SANDBOX_URL: sandbox.url,
    });

    const command = await step('command-service ready', async () => {
      const command = await startCommandService(config);
      stops.push({ name: 'command-service', stop: command.stop });
      return command;
    });
    await step('projector tailing the event store', async () => {
      const projector = await startProjector(config);
      stops.push({ name: 'projector', stop: projector.stop });
    });
    const query = await step('query-service ready', async () => {
      const query = await startQueryService(config);
      stops.push({ name: 'query-service', stop: query.stop });
      return query;
    });

    const db = knex({ client: 'pg', connection: pg.url, pool: { min: 0, max: 2 } });
    try {
      const store = new PostgresEventStore(db, {
        outbox: config.kafkaBrokers.length > 0,
        topicPrefix: config.KAFKA_TOPIC_PREFIX,
      });
      await step('building seeded', () => seedBuilding(store, new Date()));
      await step('demo accounts seeded', () =>
        seedDemoAccounts({ authHost: auth.host, projectId, commandUrl: command.url, store, log }),
      );
      await step('read views caught up', () => waitForViews(query.url, store, log));
    } finally {
      await db.destroy();
    }

    return {
      urls: { ui: ui.url, command: command.url, query: query.url, sandbox: sandbox.url },
      authHost: auth.host,
      databaseUrl: pg.url,
      config,
      accounts: demoAccounts,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Like Promise.all, but settles only when every start has (so a failure leaves nothing starting unseen). */
async function allStarted<T extends readonly unknown[]>(
  starts: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled: Array<PromiseSettledResult<unknown>> = await Promise.allSettled(starts);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Waits (bounded) until the query-service has applied the whole log, so the first page is complete. */
async function waitForViews(
  queryUrl: string,
  store: PostgresEventStore,
  log: (line: string) => void,
): Promise<void> {
  const position = await store.lastPosition();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${queryUrl}/apartment?page=1`, {
      headers: { 'X-Min-Position': String(position) },
    }).catch(() => undefined);
    if (response?.ok && Number(response.headers.get('X-Position') ?? 0) >= position) return;
    await sleep(200);
  }
  log(`warning: the query-service had not applied position ${position} after 20 s; pages may fill in late`);
}

/**
 * embedded-postgres waits for the server's exit event, which never comes when the server has
 * already exited (a terminal's Ctrl-C reaches the whole process group): a clean shutdown removes
 * postmaster.pid, so that counts as stopped too.
 */
async function stopPostgres(stop: () => Promise<void>, dir: string): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  let stopped = false;
  const gone = (async () => {
    while (!stopped && existsSync(pidFile)) await sleep(100);
  })();
  await Promise.race([stop(), gone]);
  stopped = true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stop that hangs must not keep the others (or the process) from ending. */
async function withTimeout(name: string, run: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not stop within ${ms / 1000} s`)), ms);
  });
  try {
    await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
