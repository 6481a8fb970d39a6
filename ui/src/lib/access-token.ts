/** Our own API token (issued by POST /jwt), kept where the spec keeps it. */
const key = 'access-token';

export const getAccessToken = (): string | null => localStorage.getItem(key);
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

/** When a token expires (ms since the epoch), read from its payload; null if it cannot be read. */
export function accessTokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
