import { join } from 'node:path';
import { embeddedDatabaseUrl } from '@building/embedded-postgres/start-embedded-postgres';
import { entries } from '../server-entries.ts';
import { answersHttp, logsLine } from '../supervisor/readiness.ts';
import type { ServerSpec } from '../supervisor/supervised-server.ts';
import { ensureUiBuild } from '../ui-build.ts';
import { authHost, host, url, type StackEnvironment } from './stack-environment.ts';
import { allStarted, type ServerGroup } from './server-group.ts';

/** Where the services find the outside services' stand-ins (or the real ones set from outside). */
export interface ToolUrls {
  databaseUrl: string;
  sandboxUrl: string;
  smtpUrl: string;
}

/**
 * The auth emulator, the slowest start: the services need only its address, so it is awaited
 * just before the demo accounts. Its failure is left for that await (or the clean-up) to see.
 */
export function startAuthEmulator(env: StackEnvironment, group: ServerGroup): Promise<unknown> {
  const starting = startTool(group, authEmulator(env), authHost(env));
  starting.catch(() => undefined);
  return starting;
}

/** Postgres, the payment sandbox, the SMTP sink and the UI build, side by side. */
export async function startTools(env: StackEnvironment, group: ServerGroup, webhookSecret: string) {
  const { ports } = env;
  const [databaseUrl, sandboxUrl, smtpUrl] = await allStarted([
    env.outsideDatabase
      ? Promise.resolve(env.outsideDatabase)
      : startTool(group, postgres(env), embeddedDatabaseUrl(postgresDir(env), ports.postgres)),
    startTool(group, paymentSandbox(env, webhookSecret), url(ports.sandbox)),
    env.localMailbox
      ? startTool(group, smtpSink(env), `smtp://${host}:${ports.smtp}`)
      : Promise.resolve(env.outsideSmtp!),
    env.mode === 'production'
      ? group.step('UI build ready', async () => ensureUiBuild(group.say))
      : Promise.resolve('dev' as const),
  ]);
  return { databaseUrl, sandboxUrl, smtpUrl } satisfies ToolUrls;
}

/** Starts one tool as a step of its own; resolves with the address the services reach it at. */
async function startTool(group: ServerGroup, tool: ServerSpec & { step: string }, address: string) {
  const { step, ...spec } = tool;
  await group.step(step, () => group.run(spec));
  return address;
}

const authEmulator = (env: StackEnvironment) => ({
  step: 'auth emulator ready',
  name: 'auth-emulator',
  entry: entries.auth,
  env: {
    ...env.base,
    AUTH_EMULATOR_PORT: String(env.ports.auth),
    AUTH_EMULATOR_DATA_DIR: join(env.dataDir, 'auth'),
    FIREBASE_PROJECT_ID: env.projectId,
  },
  ready: logsLine(/\[auth-emulator\] project/),
  readyTimeoutMs: 240_000,
  // It exports its accounts on the way out.
  stopTimeoutMs: 60_000,
});

const postgresDir = (env: StackEnvironment) => join(env.dataDir, 'postgres');

const postgres = (env: StackEnvironment) => ({
  step: 'Postgres ready',
  name: 'postgres',
  entry: entries.postgres,
  env: {
    ...env.base,
    EMBEDDED_PG_DIR: postgresDir(env),
    EMBEDDED_PG_PORT: String(env.ports.postgres),
  },
  ready: logsLine(/PostgreSQL ready/),
  stopTimeoutMs: 60_000,
});

const paymentSandbox = (env: StackEnvironment, webhookSecret: string) => ({
  step: 'payment sandbox ready',
  name: 'payment-sandbox',
  entry: entries.sandbox,
  env: {
    ...env.base,
    PAYMENT_SANDBOX_PORT: String(env.ports.sandbox),
    PAYMENT_SANDBOX_HOST: host,
    WEBHOOK_URL: `${url(env.ports.command)}/webhooks/stripe`,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    // Like a Stripe account: its own keys only, browsers on the UI's pages only.
    STRIPE_SECRET_KEY: 'sk_test_sandbox',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox',
    UI_ORIGINS: env.uiOrigins,
  },
  ready: answersHttp(`${url(env.ports.sandbox)}/`),
});

const smtpSink = (env: StackEnvironment) => ({
  step: 'SMTP sink ready',
  name: 'smtp-sink',
  entry: entries.smtpSink,
  env: {
    ...env.base,
    SMTP_SINK_HOST: host,
    SMTP_SINK_PORT: String(env.ports.smtp),
    MAILBOX_PORT: String(env.ports.mailbox),
    MAILBOX_DIR: join(env.dataDir, 'mailbox'),
  },
  ready: answersHttp(`${url(env.ports.mailbox)}/api/messages`),
});
