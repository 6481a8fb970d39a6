import { describe, expect, it } from 'vitest';
import type { Aggregate, Loaded } from './aggregate.ts';
import { createAggregateCache } from './aggregate-cache.ts';

const counter: Aggregate<number> = { initialState: () => 0, evolve: (n) => n + 1 };
const other: Aggregate<number> = { initialState: () => 0, evolve: (n) => n + 1 };
const at = (stream: string, version: number): Loaded<number> => ({
  stream,
  state: version,
  version,
  position: version,
  hash: `h${version}`,
});

describe('the aggregate cache', () => {
  it('keeps each aggregate apart and never goes back to an older version', () => {
    const cache = createAggregateCache();
    cache.set(counter, at('s', 3));
    cache.set(counter, at('s', 2)); // a slower read arriving late
    expect(cache.get(counter, 's')?.version).toBe(3);
    expect(cache.get(other, 's')).toBeUndefined();
    cache.set(counter, at('s', 4));
    expect(cache.get(counter, 's')?.version).toBe(4);
  });

  it('forgets the least recently used stream beyond its size', () => {
    const cache = createAggregateCache(2);
    cache.set(counter, at('a', 1));
    cache.set(counter, at('b', 1));
    cache.get(counter, 'a');
    cache.set(counter, at('c', 1));
    expect(cache.get(counter, 'b')).toBeUndefined();
    expect(cache.get(counter, 'a')?.version).toBe(1);
    expect(cache.get(counter, 'c')?.version).toBe(1);
  });
});
