import { describe, expect, it } from 'vitest';
import { CannotStart, runMain, type ProcessHost, type Started } from './run-main.ts';

/** A process that records what the main did, and whose signals the test sends. */
function recordingHost() {
  const handlers = new Map<string, () => void>();
  const said: string[] = [];
  let resolveExit: (code: number) => void;
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));
  const host: ProcessHost = {
    onSignal: (signal, handler) => handlers.set(signal, handler),
    exit: (code) => resolveExit(code),
    log: (name, line) => said.push(`[${name}] ${line}`),
    error: (name, line, error) =>
      said.push(`[${name}] ${error === undefined ? line : `${line}: ${(error as Error).message}`}`),
  };
  return {
    host,
    said,
    exited,
    listening: () => [...handlers.keys()],
    signal: (name: 'SIGINT' | 'SIGTERM') => handlers.get(name)!(),
  };
}

const server = (stop: () => Promise<void> = async () => {}): Started => ({ said: 'listening on x', stop });

describe('runMain', () => {
  it('says the server is up, in its name, and listens for the stop signals', async () => {
    const host = recordingHost();
    await runMain('query-service', async () => server(), host.host);
    expect(host.said).toEqual(['[query-service] listening on x']);
    expect(host.listening()).toEqual(['SIGINT', 'SIGTERM']);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`stops the server once on ${signal}, then exits 0`, async () => {
      const host = recordingHost();
      let stops = 0;
      await runMain('projector', async () => server(async () => void stops++), host.host);
      host.signal(signal);
      host.signal(signal === 'SIGINT' ? 'SIGTERM' : 'SIGINT');
      expect(await host.exited).toBe(0);
      expect(stops).toBe(1);
    });

  it('exits 1 naming the error when the stop fails', async () => {
    const host = recordingHost();
    await runMain(
      'mailer',
      async () =>
        server(async () => {
          throw new Error('pool gone');
        }),
      host.host,
    );
    host.signal('SIGTERM');
    expect(await host.exited).toBe(1);
    expect(host.said.at(-1)).toBe('[mailer] stop failed: pool gone');
  });

  const failedStarts = [
    {
      why: 'exits 2 with one line when a setting is missing',
      error: new CannotStart('needs DATABASE_URL'),
      code: 2,
      said: '[outbox-relay] needs DATABASE_URL',
    },
    {
      why: 'exits 1 with the error when the start fails',
      error: new Error('connection refused'),
      code: 1,
      said: '[outbox-relay] could not start: connection refused',
    },
  ];
  for (const { why, error, code, said } of failedStarts)
    it(why, async () => {
      const host = recordingHost();
      await runMain(
        'outbox-relay',
        async () => {
          throw error;
        },
        host.host,
      );
      expect(await host.exited).toBe(code);
      expect(host.said).toEqual([said]);
      expect(host.listening()).toEqual([]);
    });
});
