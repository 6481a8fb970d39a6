import { describe, expect, it } from 'vitest';
import type { Benchmark } from './benchmark.ts';
import { selectBenchmarks } from './select-benchmarks.ts';

const bench = (name: string): Benchmark => ({ name, summary: name, run: async () => [] });
const all = [bench('event-store-append'), bench('tailing'), bench('query-service'), bench('query-cache')];
const names = (selected: Benchmark[]) => selected.map((b) => b.name);

describe('npm run bench -- <name...>', () => {
  it('runs everything without names', () => {
    expect(names(selectBenchmarks(all, []))).toEqual(names(all));
  });

  it('takes exact names or unique prefixes, in registration order, each once', () => {
    expect(names(selectBenchmarks(all, ['tailing', 'event', 'tail']))).toEqual([
      'event-store-append',
      'tailing',
    ]);
    expect(names(selectBenchmarks(all, ['query-service']))).toEqual(['query-service']);
  });

  it('refuses unknown and ambiguous names, listing the choices', () => {
    expect(() => selectBenchmarks(all, ['nope'])).toThrow(
      /no benchmark is called 'nope'; choose from: event-store-append/,
    );
    expect(() => selectBenchmarks(all, ['query'])).toThrow(/more than one benchmark starts with 'query'/);
  });
});
