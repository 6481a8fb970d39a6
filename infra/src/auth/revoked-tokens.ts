/**
 * Signed-out access tokens (by their `jti`) until they expire. Every instance of both services
 * keeps the list in memory and reloads it from the shared store every `refreshMs`, so a token
 * revoked on one instance dies on every instance within that time; checking a token costs no
 * round trip. The store is Postgres in the embedded mode and Redis in the distributed one.
 */
export interface RevocationStore {
  revoke(jti: string, expiresAt: Date): Promise<void>;
  /** The ids still unexpired at `now`. */
  active(now: Date): Promise<string[]>;
  close(): Promise<void>;
}

export interface RevokedTokens {
  has(jti: string): boolean;
  revoke(jti: string, expiresAt: Date): Promise<void>;
  stop(): Promise<void>;
}

export async function watchRevokedTokens(
  store: RevocationStore,
  options: { refreshMs?: number; clock?: () => Date; log?: (line: string) => void } = {},
): Promise<RevokedTokens> {
  const clock = options.clock ?? (() => new Date());
  let known = new Set(await store.active(clock()));
  const refresh = async () => {
    try {
      known = new Set([...(await store.active(clock())), ...recent]);
      recent.clear();
    } catch (error) {
      // Keep the last list: a store outage must not resurrect tokens, nor fail reads.
      options.log?.(`reloading the revoked tokens failed: ${(error as Error).message}`);
    }
  };
  // Revoked here since the last reload: kept even if the reload raced the write.
  const recent = new Set<string>();
  const timer = setInterval(() => void refresh(), options.refreshMs ?? 15_000);
  timer.unref();
  return {
    has: (jti) => known.has(jti),
    async revoke(jti, expiresAt) {
      known.add(jti);
      recent.add(jti);
      await store.revoke(jti, expiresAt);
    },
    async stop() {
      clearInterval(timer);
      await store.close();
    },
  };
}
