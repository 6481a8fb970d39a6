import Router from '@koa/router';
import { meterRow, pricesResponse, pricesView, toMeter } from '@building/events/read-models/prices';
import { tableNames } from '@building/events/read-models/read-model';
import { adminOnly } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const tables = tableNames(pricesView);

/**
 * GET /prices (admins): the service-charge plan and the tariffs in force (a price never set is
 * absent), and every meter's last reading, by apartment and utility.
 */
export function priceRoutes(deps: QueryDeps): Router {
  return new Router().get('/prices', adminOnly(deps), async (ctx) => {
    ctx.body = await readView(ctx, deps, ['prices'], {}, async () => {
      const prices = toResponses(pricesView, await deps.db(tables.tariffs).orderBy('tariff'));
      const meters = await deps.db(tables.meters).orderBy([{ column: 'si' }, { column: 'utility' }]);
      return pricesResponse.parse({ prices, meters: meters.map((r) => toMeter(meterRow.parse(r))) });
    });
  });
}
