import { describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { runChaos } from './run-chaos.ts';

/**
 * The CI size of `npm run chaos`'s chaos runs: a few seeded runs of the distributed mode (a Kafka
 * broker, two projectors, a Redis of its own) under injected faults, each checked.
 */
describe.skipIf(missing('postgres') || missing('kafka'))('chaos runs', () => {
  it('loses and doubles no answered command, parks nothing, and keeps every view equal to a rebuild', async () => {
    const progress: string[] = [];
    const summary = await runChaos({ seed: 15, runs: 3, log: (line) => progress.push(line) });
    const failures = summary.runs.filter(
      (r) => r.error || r.lost.length || r.doubled.length || r.parked || r.unlike.length,
    );
    expect(failures, progress.join('\n')).toEqual([]);
    expect(summary.runs).toHaveLength(3);
    expect(summary.runs.reduce((n, r) => n + r.answered, 0)).toBeGreaterThan(0);
    expect(Object.values(summary.faults).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
  }, 600_000);
});
