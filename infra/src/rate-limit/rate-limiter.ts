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
 * (shared by every replica, the distributed mode). The command-service limits writes with it, the
 * query-service reads.
 */
export interface RateLimiter {
  hit(key: string, limit: RateLimit): Promise<RateDecision>;
  close?(): Promise<void>;
}
