/** A budget of `points` hits per `windowSeconds` for one key (fixed window). */
export interface RateLimit {
  points: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** When the key may try again (seconds, at least 1) once refused. */
  retryAfterSeconds: number;
}

/**
 * Counts hits per key. Two implementations: in-memory (one process, the embedded mode) and Redis
 * (shared by every replica, the distributed mode).
 */
export interface RateLimiter {
  hit(key: string, limit: RateLimit): Promise<RateDecision>;
  close?(): Promise<void>;
}

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
