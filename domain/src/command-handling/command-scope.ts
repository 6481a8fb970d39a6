import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the command being handled has read so far: each stream's version. A stream this command
 * already brought up to date (e.g. the caller's user stream, read for their role and again by the
 * decision) is not asked for again; a retry after a lost race forgets it all and reads afresh.
 * Outside `run`, nothing is remembered.
 */
export interface CommandScope {
  /** Runs one request's work in a scope of its own (the command-service's first middleware). */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** The version this command has read `stream` up to, if it read it at all. */
  readUpTo(stream: string): number | undefined;
  recordRead(stream: string, version: number): void;
  /** Before a retry: the stream that moved on, and any other, must be read again. */
  forget(): void;
}

export function createCommandScope(): CommandScope {
  const scope = new AsyncLocalStorage<Map<string, number>>();
  return {
    run: (work) => scope.run(new Map(), work),
    readUpTo: (stream) => scope.getStore()?.get(stream),
    recordRead(stream, version) {
      const reads = scope.getStore();
      if (reads && (reads.get(stream) ?? -1) < version) reads.set(stream, version);
    },
    forget: () => scope.getStore()?.clear(),
  };
}
