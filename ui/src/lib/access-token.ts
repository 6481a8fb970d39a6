/** Our own API token (issued by POST /jwt), kept where the spec keeps it. */
const key = 'access-token';

export const getAccessToken = (): string | null => localStorage.getItem(key);
export const setAccessToken = (token: string): void => localStorage.setItem(key, token);
export const clearAccessToken = (): void => localStorage.removeItem(key);
