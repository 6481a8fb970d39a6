import Router from '@koa/router';
import { tableNames } from '@building/events/read-models/read-model';
import { statisticsView } from '@building/events/read-models/statistics';
import { maintenanceStatuses } from '@building/events/catalogue';
import { adminOnly } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponse } from '../read-models/to-responses.ts';

const tables = tableNames(statisticsView);

/**
 * GET /apartmentData (admin): `{ total, available, booked, user, member }`. total = listed
 * apartments; user = accounts whose role is user (neither member nor admin); member = members;
 * maintenance = requests by status.
 */
export function statisticsRoutes(deps: QueryDeps): Router {
  return new Router().get('/apartmentData', adminOnly(deps), async (ctx) => {
    ctx.body = await readView(ctx, deps, ['statistics'], {}, async () => {
      const { rows } = await deps.db.raw<{ rows: unknown[] }>(
        `select
           (select count(*) from ${tables.apartments} where listed) as total,
           (select count(*) from ${tables.apartments} where listed and booked_by is null) as available,
           (select count(*) from ${tables.apartments} where listed and booked_by is not null) as booked,
           (select count(*) from ${tables.accounts} where not admin and not member) as user,
           (select count(*) from ${tables.accounts} where member and not admin) as member,
           ${maintenanceStatuses
             .map(
               (s) =>
                 `(select count(*) from ${tables.maintenance} where status = '${s}') as maintenance_${s.replace('-', '_')}`,
             )
             .join(',\n           ')}`,
      );
      return toResponse(statisticsView, rows[0]);
    });
  });
}
