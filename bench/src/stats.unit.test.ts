import { describe, expect, it } from 'vitest';
import { median, percentile, ratePerSecond, runJobs, summarize } from './stats.ts';

describe('percentile (nearest rank)', () => {
  const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];

  it('takes the sample at rank ceil(p% of n) of the sorted samples', () => {
    expect(percentile(samples, 50)).toBe(5);
    expect(percentile(samples, 95)).toBe(10);
    expect(percentile(samples, 10)).toBe(1);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile(samples, 100)).toBe(10);
  });

  it('is NaN without samples, and leaves the samples unsorted', () => {
    expect(percentile([], 50)).toBeNaN();
    percentile(samples, 50);
    expect(samples[0]).toBe(5);
  });
});

describe('summarize', () => {
  it('gives p50, p95, p99 and max of 1..100', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(summarize(samples)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99, max: 100 });
  });
});

describe('ratePerSecond', () => {
  it('counts per second of elapsed milliseconds', () => {
    expect(ratePerSecond(500, 250)).toBe(2000);
    expect(ratePerSecond(1, 0)).toBeNaN();
  });
});

describe('runJobs', () => {
  it('runs every job exactly once across the workers, never more than `workers` at a time', async () => {
    const seen: number[] = [];
    let running = 0;
    let peak = 0;
    const result = await runJobs(3, 10, async (index) => {
      peak = Math.max(peak, ++running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(index);
      running--;
    });
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(3);
    expect(result.latencies).toHaveLength(10);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
