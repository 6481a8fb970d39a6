import type { Benchmark } from './benchmark.ts';

/**
 * `npm run bench -- [name...]`: no names runs them all, in registration order; a name may be any
 * unique prefix (`npm run bench -- query`). An unknown or ambiguous name is an error naming the choices.
 */
export function selectBenchmarks(all: readonly Benchmark[], names: readonly string[]): Benchmark[] {
  if (names.length === 0) return [...all];
  const chosen = new Set<Benchmark>();
  for (const name of names) {
    const exact = all.find((b) => b.name === name);
    const matches = exact ? [exact] : all.filter((b) => b.name.startsWith(name));
    if (matches.length !== 1) {
      const why = matches.length === 0 ? 'no benchmark is called' : 'more than one benchmark starts with';
      throw new Error(`${why} '${name}'; choose from: ${all.map((b) => b.name).join(', ')}`);
    }
    chosen.add(matches[0]!);
  }
  return all.filter((b) => chosen.has(b));
}
