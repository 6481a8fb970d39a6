import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the command being handled has read so far: each stream's version. A stream this command
 * already brought up to date (e.g. the caller's user stream, read for their role and again by the
 * decision) is not asked for again; a retry after a lost race forgets it all and reads afresh.
 */
const scope = new AsyncLocalStorage<Map<string, number>>();

/** Runs one request's work in a scope of its own (the command-service's first middleware). */
export const withCommandScope = <T>(work: () => Promise<T>): Promise<T> => scope.run(new Map(), work);

/** The version this command has read `stream` up to, if it read it at all. */
export const readInThisCommand = (stream: string): number | undefined => scope.getStore()?.get(stream);

export function recordRead(stream: string, version: number): void {
  const reads = scope.getStore();
  if (reads && (reads.get(stream) ?? -1) < version) reads.set(stream, version);
}

/** Before a retry: the stream that moved on, and any other, must be read again. */
export const forgetReads = (): void => scope.getStore()?.clear();
