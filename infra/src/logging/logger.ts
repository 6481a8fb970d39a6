import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export type Logger = pino.Logger;

/** A request being handled: its id (on every line logged meanwhile), and the command it ran. */
export interface RequestScope {
  requestId: string;
  /** Set by the command log: the request's one line says what its command did. */
  command?: { fields: Record<string, unknown>; msg: string };
}
const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` with `scope` as the request being handled (the caller reads what it gathered). */
export const inRequestScope = <T>(scope: RequestScope, work: () => Promise<T>): Promise<T> =>
  requestScope.run(scope, work);

/** The request being handled, if any. */
export const currentRequest = (): RequestScope | undefined => requestScope.getStore();

/** Never written, at a logged object's top level or one level down. */
const secrets = new Set(['authorization', 'cookie', 'token', 'password', 'secret', 'idToken', 'accessToken']);
const censored = '[redacted]';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * `object` with its secrets censored, copied only where one is found. A check of each key, where
 * pino's path-based redaction cost a command 2% of the service's CPU.
 */
function withoutSecrets(object: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in object) {
    const value = object[key];
    const replaced = secrets.has(key)
      ? censored
      : depth === 0 && isPlainObject(value)
        ? withoutSecrets(value, 1)
        : value;
    if (replaced !== value) (copy ??= { ...object })[key] = replaced;
  }
  return copy ?? object;
}

/**
 * A server's logger: one JSON line per entry on stdout (`name`, `level`, `time`, `msg` and the
 * entry's fields, plus the request's id inside a request), which `npm start` shows as readable,
 * prefixed text (readable-line.ts) and a production log shipper takes as is. LOG_LEVEL sets the
 * threshold (default info). Emails go through maskEmail before they are logged.
 */
export function createLogger(
  name: string,
  destination?: pino.DestinationStream,
  options: { level?: string } = {},
): Logger {
  return pino(
    {
      name,
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { log: (object) => withoutSecrets(object) },
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { requestId: scope.requestId } : {};
      },
    },
    destination ?? stdoutLines(),
  );
}

let stdout: pino.DestinationStream | undefined;

/**
 * The process's stdout for its loggers, one buffer for all: lines go out 4 KB at a time, or within
 * 100 ms when fewer come, and what is left at exit. A write per line cost a command 6 us of the
 * service's CPU; each write handed to a worker thread (sync: false) cost a line 8 us more than
 * writing it at once, as pino does by default.
 */
function stdoutLines(): pino.DestinationStream {
  if (stdout) return stdout;
  const lines = pino.destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 100 });
  // pino flushes at exit only the destinations it writes asynchronously: this one buffers too.
  process.once('exit', () => lines.flushSync());
  return (stdout = lines);
}

/** `rafi@example.com` -> `r***@example.com`: enough to tell people apart in a log, not to mail them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
