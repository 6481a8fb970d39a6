/**
 * Natural batching (group commit for writes, one query for many reads): items submitted while
 * `maxInFlight` calls are under way wait, and go together in the next call (up to `maxBatch`).
 * Nothing waits on a timer: an idle store runs each item at once, a busy one turns many small
 * round trips into few larger ones. `write` answers per item, in order, a result or the Error that
 * item alone gets.
 */
export function createBatcher<I, O>(
  write: (items: I[]) => Promise<Array<O | Error>>,
  options: { maxInFlight: number; maxBatch: number },
): (item: I) => Promise<O> {
  const queue: Array<{ item: I; resolve: (value: O) => void; reject: (error: unknown) => void }> = [];
  let inFlight = 0;
  let scheduled = false;

  const pump = () => {
    scheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight++;
      write(batch.map((entry) => entry.item))
        .then(
          (results) =>
            batch.forEach((entry, i) => {
              const result = results[i]!;
              if (result instanceof Error) entry.reject(result);
              else entry.resolve(result);
            }),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Items submitted in the same turn of the event loop (e.g. requests parsed from one read) share a write.
      if (!scheduled) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
