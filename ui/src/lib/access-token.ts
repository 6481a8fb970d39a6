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
