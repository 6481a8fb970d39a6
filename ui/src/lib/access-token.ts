/** Our own API token (issued by POST /jwt), kept where the spec keeps it. */
const key = 'access-token';

/** None where there is no storage (the server drawing a page): a visitor. */
export const getAccessToken = (): string | null =>
  typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
export const setAccessToken = (token: string): void => localStorage.setItem(key, token);
export const clearAccessToken = (): void => localStorage.removeItem(key);

/** Calls back when another tab stores a token (a sign-in there); returns the way to stop. */
export function onAccessTokenStoredElsewhere(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === key && event.newValue) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The claims the UI reads off a token's payload (it trusts the server to have checked them). */
function claimsOf(token: string): { exp?: unknown; sub?: unknown } | null {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
      sub?: unknown;
    };
  } catch {
    return null;
  }
}

/** When a token expires (ms since the epoch), read from its payload; null if it cannot be read. */
export function accessTokenExpiry(token: string): number | null {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** The identity (Firebase uid) a token was issued to, or null. */
export function accessTokenSubject(token: string): string | null {
  const sub = claimsOf(token)?.sub;
  return typeof sub === 'string' ? sub : null;
}
