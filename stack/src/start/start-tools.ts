import { join } from 'node:path';
import { entries } from '../server-entries.ts';
import { answersHttp, logsLine } from '../supervisor/readiness.ts';
import { ensureUiBuild } from '../ui-build.ts';
import { host, url, type StackEnvironment } from './stack-environment.ts';
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
  const starting = group.step('auth emulator ready', async () => {
    await group.run({
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
  });
  starting.catch(() => undefined);
  return starting;
}

/** Postgres, the payment sandbox, the SMTP sink and the UI build, side by side. */
export async function startTools(env: StackEnvironment, group: ServerGroup, webhookSecret: string) {
  const { ports, base } = env;
  const [databaseUrl, sandboxUrl, smtpUrl] = await allStarted([
    env.outsideDatabase ? Promise.resolve(env.outsideDatabase) : startPostgres(env, group),
    group.step('payment sandbox ready', async () => {
      await group.run({
        name: 'payment-sandbox',
        entry: entries.sandbox,
        env: {
          ...base,
          PAYMENT_SANDBOX_PORT: String(ports.sandbox),
          PAYMENT_SANDBOX_HOST: host,
          WEBHOOK_URL: `${url(ports.command)}/webhooks/stripe`,
          STRIPE_WEBHOOK_SECRET: webhookSecret,
          // Like a Stripe account: its own keys only, browsers on the UI's pages only.
          STRIPE_SECRET_KEY: 'sk_test_sandbox',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox',
          UI_ORIGINS: env.uiOrigins,
        },
        ready: answersHttp(`${url(ports.sandbox)}/`),
      });
      return url(ports.sandbox);
    }),
    env.localMailbox ? startSmtpSink(env, group) : Promise.resolve(env.outsideSmtp!),
    env.mode === 'production'
      ? group.step('UI build ready', async () => ensureUiBuild(group.say))
      : Promise.resolve('dev' as const),
  ]);
  return { databaseUrl, sandboxUrl, smtpUrl } satisfies ToolUrls;
}

function startPostgres(env: StackEnvironment, group: ServerGroup): Promise<string> {
  return group.step('Postgres ready', async () => {
    await group.run({
      name: 'postgres',
      entry: entries.postgres,
      env: {
        ...env.base,
        EMBEDDED_PG_DIR: join(env.dataDir, 'postgres'),
        EMBEDDED_PG_PORT: String(env.ports.postgres),
      },
      ready: logsLine(/PostgreSQL ready/),
      stopTimeoutMs: 60_000,
    });
    return `postgres://postgres:building@${host}:${env.ports.postgres}/postgres`;
  });
}

function startSmtpSink(env: StackEnvironment, group: ServerGroup): Promise<string> {
  return group.step('SMTP sink ready', async () => {
    await group.run({
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
    return `smtp://${host}:${env.ports.smtp}`;
  });
}
