import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { tableNamesOf } from '@building/projector/projection';
import { apartments } from '@building/projector/projections/apartments';
import { readView, type QueryDeps } from '../query-deps.ts';

export const PAGE_SIZE = 6;
const table = tableNamesOf(apartments).apartments;
const query = z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0) });

/** GET /apartment?page=N (from 0, 6 a page, by si): `{ result, postCount }`. Public. */
export function apartmentRoutes(deps: QueryDeps): Router {
  return new Router().get('/apartment', async (ctx) => {
    const { page } = parseInput(query, ctx.query, 'query');
    ctx.body = await readView(ctx, deps, ['apartments'], { page }, async () => {
      const [rows, count] = await Promise.all([
        deps
          .db(table)
          .where({ listed: true })
          .orderBy('si')
          .limit(PAGE_SIZE)
          .offset(page * PAGE_SIZE),
        deps.db(table).where({ listed: true }).count<{ n: string }[]>('* as n').first(),
      ]);
      return {
        result: rows.map((r) => ({
          _id: `apartment-${r.si}`,
          si: r.si,
          apartment: r.apartment,
          block: r.block,
          floor: r.floor,
          image: r.image,
          rent: r.rent,
          room: r.room,
          status: r.booked_by ? 'booked' : 'available',
        })),
        postCount: Number(count?.n ?? 0),
      };
    });
  });
}
