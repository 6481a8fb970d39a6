import { readableLine } from '@building/infra/logging/readable-line';
import type { ReadyCheck } from './supervised-server.ts';

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Ready once `url` answers HTTP at all (any status): the server is listening and serving. */
export const answersHttp =
  (url: string) =>
  async ({ signal }: ReadyCheck): Promise<void> => {
    while (!signal.aborted) {
      const response = await fetch(url, { signal }).catch(() => undefined);
      if (response) {
        await response.body?.cancel();
        return;
      }
      await pause(100, signal);
    }
  };

/**
 * Ready once the server has logged a line matching `pattern` (for servers without a port), as
 * text: a JSON log line is matched as npm start shows it (`[projector] running ...`).
 */
export const logsLine =
  (pattern: RegExp) =>
  async ({ logged, signal }: ReadyCheck): Promise<void> => {
    while (!signal.aborted) {
      if (logged().some((line) => pattern.test(readableLine(line)))) return;
      await pause(50, signal);
    }
  };
