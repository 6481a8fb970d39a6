import type { TestDatabase } from '@building/infra/testing/test-database';

/**
 * What a figure is held against. Targets are honest floors/ceilings measured on the 2-core
 * development machine (see README.md): a MISS is reported, never a failure.
 */
export interface Target {
  atLeast?: number;
  atMost?: number;
}

/** One printed measurement, e.g. `appends/s 812 (target >= 500) PASS`. */
export interface Figure {
  metric: string;
  value: number;
  unit: string;
  target?: Target;
  /** Context printed after the figure (sample size, what was compared). */
  note?: string;
}

export interface BenchContext {
  /** A fresh, empty database on the bench server; dropped when the benchmark ends. */
  database(label: string): Promise<TestDatabase>;
  /** A progress line on stderr (stdout carries only the results table). */
  progress(line: string): void;
}

export interface Benchmark {
  name: string;
  /** One line: what it measures. */
  summary: string;
  run(context: BenchContext): Promise<Figure[]>;
}

export function meets(value: number, target: Target): boolean {
  return (
    (target.atLeast === undefined || value >= target.atLeast) &&
    (target.atMost === undefined || value <= target.atMost)
  );
}
