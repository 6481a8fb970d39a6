import type { RateLimit } from '@building/infra/rate-limit/rate-limiter';

/** The product's budgets; tests widen them. */
export interface RateLimits {
  /** POST /jwt, per client address: guessing or replaying ID tokens. */
  signIn: RateLimit;
  /** Every other write, per signed-in person (or address when anonymous). */
  writes: RateLimit;
  /** POST /images, per signed-in person: stored bytes are the costly resource. */
  uploads: RateLimit;
}

export const defaultRateLimits: RateLimits = {
  signIn: { points: 30, windowSeconds: 60 },
  writes: { points: 120, windowSeconds: 60 },
  uploads: { points: 20, windowSeconds: 600 },
};
