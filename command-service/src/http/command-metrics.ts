import type { Context, Next } from 'koa';
import { refusalOfType } from '@building/events/refusals';
import { commandsTotal } from '@building/infra/metrics/metrics';

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Counts each command the service answered into building_commands_total: the command is its
 * method and route pattern (`POST /agreement`), the outcome `ok` or the refusal's code (the
 * problem type's rule; the status for the HTTP layer's own refusals, e.g. `401`, `429`). Mounted
 * outside the problem middleware, so it sees the answer the client got.
 */
export function countCommands() {
  return async function countCommand(ctx: Context, next: Next) {
    try {
      await next();
    } finally {
      const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
      if (!reads.has(ctx.method) && route !== undefined) {
        const type = (ctx.body as { type?: string } | undefined)?.type;
        const outcome = ctx.status < 400 ? 'ok' : (refusalOfType(type) ?? String(ctx.status));
        commandsTotal.inc({ command: `${ctx.method} ${String(route)}`, outcome });
      }
    }
  };
}
