import type { Context, Next } from 'koa';
import { refusalOfType } from '@building/events/refusals';
import { requestRefusalsTotal } from '@building/infra/metrics/metrics';

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Counts each write the service refused into building_request_refusals_total, by route pattern
 * and code (the problem type's rule; the status for the HTTP layer's own refusals, e.g. `401`,
 * `429`): a body refused before any command ran is seen here, while building_commands_total
 * counts at the handler door. Mounted outside the problem middleware, so it sees the answer the
 * client got.
 */
export function countRefusals() {
  return async function countRefusal(ctx: Context, next: Next) {
    try {
      await next();
    } finally {
      const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
      if (!reads.has(ctx.method) && route !== undefined && ctx.status >= 400) {
        const type = (ctx.body as { type?: string } | undefined)?.type;
        requestRefusalsTotal.inc({ route: String(route), code: refusalOfType(type) ?? String(ctx.status) });
      }
    }
  };
}
