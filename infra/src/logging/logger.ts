import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export type Logger = pino.Logger;

/** What every line logged while a request is handled carries (its id), without passing it around. */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

export const inRequestScope = <T>(requestId: string, work: () => Promise<T>): Promise<T> =>
  requestScope.run({ requestId }, work);

/** Never written, wherever they turn up in a logged object. */
const secrets = ['authorization', 'cookie', 'token', 'password', 'secret', 'idToken', 'accessToken'];

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
      redact: { paths: secrets.flatMap((key) => [key, `*.${key}`]), censor: '[redacted]' },
      mixin: () => requestScope.getStore() ?? {},
    },
    destination,
  );
}

/** `rafi@example.com` -> `r***@example.com`: enough to tell people apart in a log, not to mail them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
