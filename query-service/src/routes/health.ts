import Router from '@koa/router';
import { highestApplied } from '@building/infra/read-models/applied-position';
import type { QueryDeps } from '../query-deps.ts';

/** GET /health: the views' database answers; `position` is the highest applied. */
export function healthRoutes(deps: QueryDeps): Router {
  return new Router().get('/health', async (ctx) => {
    ctx.body = { status: 'ok', position: await highestApplied(deps.db) };
  });
}
