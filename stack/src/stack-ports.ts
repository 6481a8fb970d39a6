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
}

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

/** Fails the start, naming the variable to change, when a port the stack will listen on is taken. */
export async function assertStackPortsFree(
  ports: StackPorts,
  outside: { database: boolean; smtp: boolean },
): Promise<void> {
  await assertPortsFree([
    { name: 'UI', port: ports.ui, envVar: 'UI_PORT' },
    { name: 'command-service', port: ports.command, envVar: 'COMMAND_PORT' },
    { name: 'query-service', port: ports.query, envVar: 'QUERY_PORT' },
    { name: 'auth emulator', port: ports.auth, envVar: 'AUTH_EMULATOR_PORT' },
    { name: 'payment sandbox', port: ports.sandbox, envVar: 'PAYMENT_SANDBOX_PORT' },
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
