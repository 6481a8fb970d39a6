import type { UiRuntimeConfig } from './ui-security.ts';

/**
 * The `Link` header of the app's page: the browser opens its connections to the query-service
 * while it still loads the scripts, one for the listing's fetch (CORS, anonymous) and one for the
 * photos (no-CORS requests go in a pool of their own), instead of a round trip each once asked.
 */
export function preconnectLinks(config: UiRuntimeConfig): string | null {
  let query: string;
  try {
    query = new URL(config.VITE_QUERY_URL ?? 'http://127.0.0.1:4002').origin;
  } catch {
    return null;
  }
  return `<${query}>; rel=preconnect; crossorigin, <${query}>; rel=preconnect`;
}
