import { env } from './env.ts';

/** Images the services host are sent as paths ('/images/...'); they live on that service's origin. */
export function assetUrl(url: string, origin: 'query' | 'command' = 'query'): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  return `${origin === 'query' ? env.queryUrl : env.commandUrl}${url}`;
}
