import type { UiRuntimeConfig } from './ui-security.ts';

/**
 * The `Link` header of the app's page: the browser opens its connections to the query-service
 * while it still loads the scripts, one for the listing's fetch (CORS, anonymous) and one for the
 * photos (no-CORS requests go in a pool of their own), instead of a round trip each once asked.
 */
export function preconnectLinks(config: UiRuntimeConfig): string | null {
  const base = queryBaseUrl(config);
  if (!base) return null;
  const query = new URL(base).origin;
  return `<${query}>; rel=preconnect; crossorigin, <${query}>; rel=preconnect`;
}

/**
 * The query-service's address as the app calls it (ui/src/lib/env.ts: trimmed, no trailing slash,
 * the embedded default), or null when the setting is no URL.
 */
export function queryBaseUrl(config: UiRuntimeConfig): string | null {
  const base = (config.VITE_QUERY_URL?.trim() || 'http://127.0.0.1:4002').replace(/\/+$/, '');
  return URL.canParse(base) ? base : null;
}
