import type { Context } from 'koa';
import cors from '@koa/cors';
import { securityHeaders as fixedSecurityHeaders } from '@building/infra/http/security-headers';

/**
 * Security headers for an API (helmet's defaults, worked out once), except that uploaded images
 * must load in the UI, which lives on another origin: Cross-Origin-Resource-Policy is cross-origin.
 */
export function securityHeaders() {
  return fixedSecurityHeaders({ crossOriginResourcePolicy: { policy: 'cross-origin' } });
}

/** CORS for the UI's origins only; other origins get no CORS headers, so browsers refuse them. */
export function corsForUi(uiOrigins: string[]) {
  const allowed = new Set(uiOrigins);
  return cors({
    origin: (ctx: Context) => (allowed.has(ctx.get('origin')) ? ctx.get('origin') : ''),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
}
