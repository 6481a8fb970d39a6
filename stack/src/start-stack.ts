import knex from 'knex';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedBuilding } from '@building/command-service/seed/seed-building';
import { loadConfig, type Config } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { assertPortsFree, freePort } from '@building/ports/ports';
import { demoAccounts, seedDemoAccounts, type DemoAccount } from './demo-accounts.ts';
import { stackSecrets } from './stack-secrets.ts';
import { answersHttp, logsLine } from './supervisor/readiness.ts';
import { startSupervised, type ServerSpec, type SupervisedServer } from './supervisor/supervised-server.ts';
import { ensureUiBuild, uiDistDir } from './ui-build.ts';

export interface StackPorts {
  ui: number;
  command: number;
  query: number;
  auth: number;
  sandbox: number;
  postgres: number;
  /** The local SMTP sink and its mailbox page (not started when SMTP_URL points elsewhere). */
  smtp: number;
  mailbox: number;
}

/** `production` serves the UI's build (npm start); `dev` runs Vite with hot reload and `node --watch`. */
export type StackMode = 'production' | 'dev';

export interface StackOptions {
  /** Everything the stack keeps: Postgres data, emulator accounts, the secrets. */
  dataDir: string;
  ports: StackPorts;
  /** Settings from outside (npm start passes process.env); the stack's own values win. */
  env?: Record<string, string | undefined>;
  mode?: StackMode;
  /** What the supervisor says (steps, crashes, restarts). */
  log?: (line: string) => void;
  /** Each server's own output, line by line; by default prefixed with its name on stdout/stderr. */
  output?: (name: string, line: string, stream: 'stdout' | 'stderr') => void;
  /** Aborting stops the start after the step under way and stops what had started. */
  signal?: AbortSignal;
}

export interface StackModeReport {
  /** How events reach the projector. */
  transport: 'tailing the event store' | 'Kafka consumer group';
  projectors: number;
  cache: 'in-process' | 'Redis';
  postgres: 'embedded' | 'DATABASE_URL';
}

export interface Stack {
  urls: {
    ui: string;
    command: string;
    query: string;
    sandbox: string;
    /** The local mailbox page, or null when SMTP_URL points at a real server. */
    mailbox: string | null;
  };
  /** Where the mailer sends (credentials left out). */
  smtpHost: string;
  /** `127.0.0.1:<port>`, as FIREBASE_AUTH_EMULATOR_HOST. */
  authHost: string;
  databaseUrl: string;
  config: Config;
  accounts: readonly DemoAccount[];
  mode: StackModeReport;
  /** The servers, in start order (a test can find a pid to kill). */
  servers: readonly SupervisedServer[];
  stop(): Promise<void>;
}

const host = '127.0.0.1';
const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
/** Each server's entrypoint (the files docker-compose.yml runs). */
export const entries = {
  postgres: repo('tools/embedded-postgres/src/main.ts'),
  auth: repo('tools/auth-emulator/src/main.ts'),
  sandbox: repo('tools/payment-sandbox/src/main.ts'),
  smtpSink: repo('tools/smtp-sink/src/main.ts'),
  mailer: repo('projector/src/mailer-main.ts'),
  command: repo('command-service/src/main.ts'),
  relay: repo('command-service/src/outbox-relay-main.ts'),
  projector: repo('projector/src/main.ts'),
  reminders: repo('command-service/src/reminders/reminder-scheduler-main.ts'),
  query: repo('query-service/src/main.ts'),
  ui: repo('stack/src/ui-server/main.ts'),
  vite: repo('node_modules/vite/bin/vite.js'),
};

export function portsFromConfig(config: Config): StackPorts {
  return {
    ui: config.UI_PORT,
    command: config.COMMAND_PORT,
    query: config.QUERY_PORT,
    auth: config.AUTH_EMULATOR_PORT,
    sandbox: config.PAYMENT_SANDBOX_PORT,
    postgres: config.EMBEDDED_PG_PORT,
    smtp: config.SMTP_SINK_PORT,
    mailbox: config.MAILBOX_PORT,
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
    smtp: await next(),
    mailbox: await next(),
  };
}

/**
 * The product as a system (DESIGN §2): each server its own OS process, started in dependency
 * order (Postgres, auth emulator, payment sandbox and SMTP sink together; then the command-service,
 * the projector(s), the mailer, the outbox relay in the Kafka mode, the reminder scheduler, the
 * query-service and the UI), then the
 * building and the demo accounts are seeded through the commands. `stop()` stops all, in reverse.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const mode = options.mode ?? 'production';
  const outside = options.env ?? {};
  const { ports } = options;
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const outsideDatabase = outside.DATABASE_URL?.trim();
  // SMTP_URL set: the distributed mode's real mail server, so no local sink.
  const outsideSmtp = outside.SMTP_URL?.trim();
  await assertPortsFree([
    { name: 'UI', port: ports.ui, envVar: 'UI_PORT' },
    { name: 'command-service', port: ports.command, envVar: 'COMMAND_PORT' },
    { name: 'query-service', port: ports.query, envVar: 'QUERY_PORT' },
    { name: 'auth emulator', port: ports.auth, envVar: 'AUTH_EMULATOR_PORT' },
    { name: 'payment sandbox', port: ports.sandbox, envVar: 'PAYMENT_SANDBOX_PORT' },
    ...(outsideDatabase
      ? []
      : [{ name: 'embedded Postgres', port: ports.postgres, envVar: 'EMBEDDED_PG_PORT' }]),
    ...(outsideSmtp
      ? []
      : [
          { name: 'SMTP sink', port: ports.smtp, envVar: 'SMTP_SINK_PORT' },
          { name: 'mailbox page', port: ports.mailbox, envVar: 'MAILBOX_PORT' },
        ]),
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
  const supervisorLog = {
    output:
      options.output ??
      ((name: string, line: string, stream: 'stdout' | 'stderr') =>
        (stream === 'stderr' ? process.stderr : process.stdout).write(`[${name}] ${line}\n`)),
    say: log,
  };
  const servers: SupervisedServer[] = [];
  const run = async (spec: ServerSpec) => {
    const server = await startSupervised(spec, supervisorLog);
    servers.push(server);
    return server;
  };
  const stop = async () => {
    for (const server of servers.splice(0).reverse()) {
      try {
        await server.stop();
      } catch (error) {
        log(`stopping ${server.name} failed: ${(error as Error).message}`);
      }
    }
  };

  let authStarting: Promise<unknown> = Promise.resolve();
  try {
    const url = (port: number) => `http://${host}:${port}`;
    const projectId = outside.FIREBASE_PROJECT_ID ?? 'demo-building';
    const secrets = stackSecrets(dataDir);
    // The stack's own UI, plus any other origin the user serves a build from.
    const uiOrigins = [`${url(ports.ui)}`, `http://localhost:${ports.ui}`, outside.UI_ORIGINS ?? '']
      .filter(Boolean)
      .join(',');
    // Children get the outside settings and what a process needs, never this process's whole env
    // (a test runner's DATABASE_URL must not leak into the stack it starts).
    const base: Record<string, string> = {};
    for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NO_COLOR', 'FORCE_COLOR'])
      if (process.env[key] !== undefined) base[key] = process.env[key]!;
    for (const [key, value] of Object.entries(outside)) if (value !== undefined) base[key] = value;
    // Node keeps compiled code of the servers and firebase-tools on disk: warm starts parse less.
    base.NODE_COMPILE_CACHE ??= repo('.cache/node-compile');
    const nodeArgs = mode === 'dev' ? ['--watch'] : [];
    const kafkaMode = Boolean(outside.KAFKA_BROKERS?.trim());
    const projectorCount = kafkaMode ? positiveInt(outside.PROJECTOR_INSTANCES, 'PROJECTOR_INSTANCES', 1) : 1;

    // The services need only the emulator's address; it is awaited before the demo accounts.
    const authHost = `${host}:${ports.auth}`;
    authStarting = step('auth emulator ready', async () => {
      await run({
        name: 'auth-emulator',
        entry: entries.auth,
        env: {
          ...base,
          AUTH_EMULATOR_PORT: String(ports.auth),
          AUTH_EMULATOR_DATA_DIR: join(dataDir, 'auth'),
          FIREBASE_PROJECT_ID: projectId,
        },
        ready: logsLine(/\[auth-emulator\] project/),
        readyTimeoutMs: 240_000,
        // It exports its accounts on the way out.
        stopTimeoutMs: 60_000,
      });
    });
    authStarting.catch(() => undefined); // awaited below; until then its failure must not go unhandled
    const [databaseUrl, sandboxUrl, smtpUrl] = await allStarted([
      outsideDatabase
        ? Promise.resolve(outsideDatabase)
        : step('Postgres ready', async () => {
            await run({
              name: 'postgres',
              entry: entries.postgres,
              env: {
                ...base,
                EMBEDDED_PG_DIR: join(dataDir, 'postgres'),
                EMBEDDED_PG_PORT: String(ports.postgres),
              },
              ready: logsLine(/PostgreSQL ready/),
              stopTimeoutMs: 60_000,
            });
            return `postgres://postgres:building@${host}:${ports.postgres}/postgres`;
          }),
      step('payment sandbox ready', async () => {
        await run({
          name: 'payment-sandbox',
          entry: entries.sandbox,
          env: {
            ...base,
            PAYMENT_SANDBOX_PORT: String(ports.sandbox),
            PAYMENT_SANDBOX_HOST: host,
            WEBHOOK_URL: `${url(ports.command)}/webhooks/stripe`,
            STRIPE_WEBHOOK_SECRET: secrets.webhook,
            // Like a Stripe account: its own keys only, browsers on the UI's pages only.
            STRIPE_SECRET_KEY: 'sk_test_sandbox',
            STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox',
            UI_ORIGINS: uiOrigins,
          },
          ready: answersHttp(`${url(ports.sandbox)}/`),
        });
        return url(ports.sandbox);
      }),
      outsideSmtp
        ? Promise.resolve(outsideSmtp)
        : step('SMTP sink ready', async () => {
            await run({
              name: 'smtp-sink',
              entry: entries.smtpSink,
              env: {
                ...base,
                SMTP_SINK_HOST: host,
                SMTP_SINK_PORT: String(ports.smtp),
                MAILBOX_PORT: String(ports.mailbox),
                MAILBOX_DIR: join(dataDir, 'mailbox'),
              },
              ready: answersHttp(`${url(ports.mailbox)}/api/messages`),
            });
            return `smtp://${host}:${ports.smtp}`;
          }),
      mode === 'production'
        ? step('UI build ready', async () => ensureUiBuild(log))
        : Promise.resolve('dev' as const),
    ]);

    const settings: Record<string, string> = {
      ...base,
      DATABASE_URL: databaseUrl,
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
      JWT_SECRET: secrets.jwt,
      ADMIN_EMAILS: outside.ADMIN_EMAILS ?? 'admin@building.test',
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      STRIPE_SECRET_KEY: 'sk_test_sandbox',
      STRIPE_WEBHOOK_SECRET: secrets.webhook,
      PAYMENT_SANDBOX_URL: sandboxUrl,
      SMTP_URL: smtpUrl,
    };
    const config = loadConfig(settings);

    const uiEnv = {
      VITE_COMMAND_URL: url(ports.command),
      VITE_QUERY_URL: url(ports.query),
      VITE_FIREBASE_AUTH_EMULATOR_HOST: authHost,
      VITE_FIREBASE_PROJECT_ID: projectId,
      VITE_FIREBASE_API_KEY: 'demo-key',
      VITE_PAYMENT_SANDBOX_URL: sandboxUrl,
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox',
    };
    const projectors = Array.from({ length: projectorCount }, (_, index) => ({
      name: projectorCount > 1 ? `projector-${index + 1}` : 'projector',
      entry: entries.projector,
      env: settings,
      ready: logsLine(/\[projector\] running/),
      nodeArgs,
    }));
    // Each takes its own migration lock, so they start together.
    const services: ServerSpec[] = [
      {
        name: 'command-service',
        entry: entries.command,
        env: { ...settings, ...(kafkaMode ? { OUTBOX_RELAY: 'off' } : {}) },
        ready: answersHttp(`${url(ports.command)}/`),
        nodeArgs,
      },
      ...(kafkaMode
        ? [
            {
              name: 'outbox-relay',
              entry: entries.relay,
              env: settings,
              ready: logsLine(/relaying/),
              nodeArgs,
            },
          ]
        : []),
      ...projectors,
      {
        name: 'reminder-scheduler',
        entry: entries.reminders,
        env: settings,
        ready: logsLine(/\[reminder-scheduler\] running/),
        nodeArgs,
      },
      {
        name: 'mailer',
        entry: entries.mailer,
        env: settings,
        ready: logsLine(/\[mailer\] running/),
        nodeArgs,
      },
      {
        name: 'query-service',
        entry: entries.query,
        env: settings,
        ready: answersHttp(`${url(ports.query)}/health`),
        nodeArgs,
      },
      mode === 'production'
        ? {
            name: 'ui',
            entry: entries.ui,
            env: { ...base, ...uiEnv, HOST: host, UI_PORT: String(ports.ui), UI_DIST_DIR: uiDistDir },
            ready: answersHttp(`${url(ports.ui)}/`),
          }
        : {
            name: 'vite',
            entry: entries.vite,
            args: ['--host', host, '--port', String(ports.ui), '--strictPort'],
            cwd: repo('ui'),
            // vite.config.ts answers CORS for these origins only.
            env: { ...base, ...uiEnv, UI_ORIGINS: uiOrigins },
            ready: answersHttp(`${url(ports.ui)}/`),
          },
    ];
    await allStarted(services.map((spec) => step(`${spec.name} ready`, () => run(spec))));

    const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
    try {
      // The command-service, ready by now, has created the store's schema.
      const store = new PostgresEventStore(db, { outbox: kafkaMode, topicPrefix: config.KAFKA_TOPIC_PREFIX });
      await step('building seeded', () => seedBuilding(store, new Date()));
      await authStarting;
      await step('demo accounts seeded', () =>
        seedDemoAccounts({ authHost, projectId, commandUrl: url(ports.command), store, log }),
      );
      await step('read views caught up', () => waitForViews(url(ports.query), store, log));
    } finally {
      await db.destroy();
    }

    return {
      urls: {
        ui: url(ports.ui),
        command: url(ports.command),
        query: url(ports.query),
        sandbox: sandboxUrl,
        mailbox: outsideSmtp ? null : url(ports.mailbox),
      },
      smtpHost: new URL(smtpUrl).host,
      authHost,
      databaseUrl,
      config,
      accounts: demoAccounts,
      mode: {
        transport: kafkaMode ? 'Kafka consumer group' : 'tailing the event store',
        projectors: projectorCount,
        cache: outside.REDIS_URL?.trim() ? 'Redis' : 'in-process',
        postgres: outsideDatabase ? 'DATABASE_URL' : 'embedded',
      },
      servers,
      stop,
    };
  } catch (error) {
    await authStarting.catch(() => undefined);
    await stop();
    throw error;
  }
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 64)
    throw new Error(`${name} must be a whole number from 1 to 64, not '${value}'`);
  return parsed;
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
async function waitForViews(queryUrl: string, store: PostgresEventStore, log: (line: string) => void) {
  const position = await store.lastPosition();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${queryUrl}/apartment?page=1`, {
      headers: { 'X-Min-Position': String(position) },
    }).catch(() => undefined);
    await response?.body?.cancel();
    if (response?.ok && Number(response.headers.get('X-Position') ?? 0) >= position) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log(`warning: the query-service had not applied position ${position} after 20 s; pages may fill in late`);
}
