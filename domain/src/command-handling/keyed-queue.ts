export type KeyedQueue = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/**
 * Runs work for the same key one after another (in this process), in arrival order. Used after a
 * lost race: the losers retry in turn instead of colliding again and again on a busy stream.
 */
export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
