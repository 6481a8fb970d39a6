import type { Config } from '@building/infra/config';
import { demoAccounts, type DemoAccount } from '../demo-accounts.ts';
import type { SupervisedServer } from '../supervisor/supervised-server.ts';
import { authHost, url, type StackEnvironment } from './stack-environment.ts';
import type { ToolUrls } from './start-tools.ts';

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
    /** Each server's Prometheus endpoint, by server name. */
    metrics: Record<string, string>;
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

/** What a started stack tells its caller: where everything answers and how it runs. */
export function stackReport(
  env: StackEnvironment,
  tools: ToolUrls,
  config: Config,
  servers: Pick<Stack, 'servers' | 'stop'>,
): Stack {
  const { ports } = env;
  return {
    urls: {
      ui: url(ports.ui),
      command: url(ports.command),
      query: url(ports.query),
      sandbox: tools.sandboxUrl,
      mailbox: env.localMailbox ? url(ports.mailbox) : null,
      metrics: metricsUrls(env),
    },
    smtpHost: new URL(tools.smtpUrl).host,
    authHost: authHost(env),
    databaseUrl: tools.databaseUrl,
    config,
    accounts: demoAccounts,
    mode: {
      transport: env.kafkaMode ? 'Kafka consumer group' : 'tailing the event store',
      projectors: env.projectorCount,
      cache: env.outside.REDIS_URL?.trim() ? 'Redis' : 'in-process',
      postgres: env.outsideDatabase ? 'DATABASE_URL' : 'embedded',
    },
    servers: servers.servers,
    stop: servers.stop,
  };
}

/** Where Prometheus scrapes each server: the two APIs' /metrics, and each worker's metrics port. */
function metricsUrls(env: StackEnvironment): Record<string, string> {
  const { ports, projectorCount } = env;
  const at = (port: number) => `${url(port)}/metrics`;
  return {
    'command-service': at(ports.command),
    'query-service': at(ports.query),
    ...Object.fromEntries(
      Array.from({ length: projectorCount }, (_, i) => [
        projectorCount > 1 ? `projector-${i + 1}` : 'projector',
        at(ports.metrics.projector + i),
      ]),
    ),
    ...(env.kafkaMode ? { 'outbox-relay': at(ports.metrics.relay) } : {}),
    mailer: at(ports.metrics.mailer),
    'reminder-scheduler': at(ports.metrics.reminders),
  };
}
