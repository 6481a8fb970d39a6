/** Latency samples in milliseconds, summarised the way the targets are written. */
export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The nearest-rank percentile (`p` in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: readonly number[]): LatencySummary {
  // Sorted once (and no spread: a pooled run's samples can outnumber a call's arguments).
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: samples.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : sorted.at(-1)!,
  };
}

/** Items per second over `elapsedMs`. */
export function ratePerSecond(count: number, elapsedMs: number): number {
  return elapsedMs > 0 ? (count * 1000) / elapsedMs : Number.NaN;
}

/**
 * Runs `workers` loops that each take the next job number until `jobs` are taken, recording each
 * job's latency. Returns the latencies and the wall time of the whole run.
 */
export async function runJobs(
  workers: number,
  jobs: number,
  job: (index: number, worker: number) => Promise<void>,
  onDone?: (done: number) => void,
): Promise<{ latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let index = next++; index < jobs; index = next++) {
        const t0 = performance.now();
        await job(index, worker);
        latencies.push(performance.now() - t0);
        onDone?.(latencies.length);
      }
    }),
  );
  return { latencies, elapsedMs: performance.now() - started };
}

/**
 * Runs `workers` loops, each calling `job` again as soon as it resolves, for `durationMs`;
 * returns each call's latency and the wall time.
 */
export async function runFor(
  workers: number,
  durationMs: number,
  job: (index: number, worker: number) => Promise<void>,
): Promise<{ latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await job(next++, worker);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, elapsedMs: performance.now() - started };
}

/** The middle value (the mean of the middle two for an even count); NaN when there is none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
