import type { Config } from '@building/infra/config';
import { assertPortsFree, freePort } from '@building/ports/ports';

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
  /** The metrics (and /health) ports of the servers without an HTTP API; projector n > 1 takes projector + n - 1. */
  metrics: { projector: number; relay: number; mailer: number; reminders: number };
}

/** The metrics ports `npm start` gives its workers unless METRICS_PORT_* say otherwise. */
export const defaultMetricsPorts = { projector: 9410, relay: 9420, mailer: 9421, reminders: 9422 };

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
    metrics: {
      projector: config.METRICS_PORT_PROJECTOR ?? defaultMetricsPorts.projector,
      relay: config.METRICS_PORT_OUTBOX_RELAY ?? defaultMetricsPorts.relay,
      mailer: config.METRICS_PORT_MAILER ?? defaultMetricsPorts.mailer,
      reminders: config.METRICS_PORT_REMINDERS ?? defaultMetricsPorts.reminders,
    },
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
    metrics: { projector: await next(), relay: await next(), mailer: await next(), reminders: await next() },
  };
}

/** Fails the start, naming the variable to change, when a port the stack will listen on is taken. */
export async function assertStackPortsFree(
  ports: StackPorts,
  outside: { database: boolean; smtp: boolean; kafka: boolean; projectors: number },
): Promise<void> {
  await assertPortsFree([
    { name: 'UI', port: ports.ui, envVar: 'UI_PORT' },
    { name: 'command-service', port: ports.command, envVar: 'COMMAND_PORT' },
    { name: 'query-service', port: ports.query, envVar: 'QUERY_PORT' },
    { name: 'auth emulator', port: ports.auth, envVar: 'AUTH_EMULATOR_PORT' },
    { name: 'payment sandbox', port: ports.sandbox, envVar: 'PAYMENT_SANDBOX_PORT' },
    ...Array.from({ length: outside.projectors }, (_, i) => ({
      name: `projector ${i + 1} metrics`,
      port: ports.metrics.projector + i,
      envVar: 'METRICS_PORT_PROJECTOR',
    })),
    ...(outside.kafka
      ? [{ name: 'outbox relay metrics', port: ports.metrics.relay, envVar: 'METRICS_PORT_OUTBOX_RELAY' }]
      : []),
    { name: 'mailer metrics', port: ports.metrics.mailer, envVar: 'METRICS_PORT_MAILER' },
    { name: 'reminder scheduler metrics', port: ports.metrics.reminders, envVar: 'METRICS_PORT_REMINDERS' },
    ...(outside.database
      ? []
      : [{ name: 'embedded Postgres', port: ports.postgres, envVar: 'EMBEDDED_PG_PORT' }]),
    ...(outside.smtp
      ? []
      : [
          { name: 'SMTP sink', port: ports.smtp, envVar: 'SMTP_SINK_PORT' },
          { name: 'mailbox page', port: ports.mailbox, envVar: 'MAILBOX_PORT' },
        ]),
  ]);
}
