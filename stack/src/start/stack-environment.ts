import { resolve } from 'node:path';
import { repo } from '../server-entries.ts';
import type { StackPorts } from '../stack-ports.ts';
import type { StackMode, StackOptions } from './stack-options.ts';

/** What the start is made of: the outside settings read once, and what follows from them. */
export interface StackEnvironment {
  dataDir: string;
  ports: StackPorts;
  mode: StackMode;
  outside: Record<string, string | undefined>;
  /** DATABASE_URL from outside: no embedded Postgres. */
  outsideDatabase: string | undefined;
  /** SMTP_URL from outside: the distributed mode's real mail server, so no local sink. */
  outsideSmtp: string | undefined;
  /** Whether to run the local SMTP sink and its mailbox page (see mailboxWanted). */
  localMailbox: boolean;
  projectId: string;
  /** The stack's own UI, plus any other origin the user serves a build from. */
  uiOrigins: string;
  /** What every child gets before its own settings. */
  base: Record<string, string>;
  nodeArgs: string[];
  kafkaMode: boolean;
  projectorCount: number;
}

export const host = '127.0.0.1';
export const url = (port: number) => `http://${host}:${port}`;
/** `127.0.0.1:<port>`, as FIREBASE_AUTH_EMULATOR_HOST. */
export const authHost = (env: Pick<StackEnvironment, 'ports'>) => `${host}:${env.ports.auth}`;

export function stackEnvironment(options: StackOptions): StackEnvironment {
  const outside = options.env ?? {};
  const { ports } = options;
  const mode = options.mode ?? 'production';
  const kafkaMode = Boolean(outside.KAFKA_BROKERS?.trim());
  const outsideSmtp = outside.SMTP_URL?.trim() || undefined;
  return {
    dataDir: resolve(options.dataDir),
    ports,
    mode,
    outside,
    outsideDatabase: outside.DATABASE_URL?.trim() || undefined,
    outsideSmtp,
    localMailbox: mailboxWanted(outsideSmtp, kafkaMode, outside.DEMO_MAILBOX),
    projectId: outside.FIREBASE_PROJECT_ID ?? 'demo-building',
    uiOrigins: [`${url(ports.ui)}`, `http://localhost:${ports.ui}`, outside.UI_ORIGINS ?? '']
      .filter(Boolean)
      .join(','),
    base: childBase(outside),
    nodeArgs: mode === 'dev' ? ['--watch'] : [],
    kafkaMode,
    projectorCount: kafkaMode ? positiveInt(outside.PROJECTOR_INSTANCES, 'PROJECTOR_INSTANCES', 1) : 1,
  };
}

/**
 * The SMTP sink is a demo mailbox: whoever reaches it reads every email and receipt. The embedded
 * mode runs it unless SMTP_URL points elsewhere; the distributed mode, the deployable one, only
 * when asked (DEMO_MAILBOX=1), and refuses to start with nowhere to send email.
 */
function mailboxWanted(
  outsideSmtp: string | undefined,
  kafkaMode: boolean,
  demo: string | undefined,
): boolean {
  if (outsideSmtp) return false;
  if (!kafkaMode || demo === '1') return true;
  throw new Error(
    'the distributed mode (KAFKA_BROKERS) sends real email: set SMTP_URL to a mail server, or ' +
      'DEMO_MAILBOX=1 for the local demo mailbox',
  );
}

/**
 * Children get the outside settings and what a process needs, never this process's whole env
 * (a test runner's DATABASE_URL must not leak into the stack it starts).
 */
function childBase(outside: Record<string, string | undefined>): Record<string, string> {
  const base: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NO_COLOR', 'FORCE_COLOR'])
    if (process.env[key] !== undefined) base[key] = process.env[key]!;
  for (const [key, value] of Object.entries(outside)) if (value !== undefined) base[key] = value;
  // Node keeps compiled code of the servers and firebase-tools on disk: warm starts parse less.
  base.NODE_COMPILE_CACHE ??= repo('.cache/node-compile');
  return base;
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 64)
    throw new Error(`${name} must be a whole number from 1 to 64, not '${value}'`);
  return parsed;
}
