import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory-rate-limiter.ts';

describe('the in-memory rate limiter', () => {
  const limit = { points: 3, windowSeconds: 60 };

  it('allows the budget, refuses the rest with the time left, and starts afresh after the window', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k', limit)).allowed).toBe(true);
    now += 20_000;
    expect(await limiter.hit('k', limit)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect((await limiter.hit('other', limit)).allowed).toBe(true);
    now += 40_000;
    expect((await limiter.hit('k', limit)).allowed).toBe(true);
  });
});
