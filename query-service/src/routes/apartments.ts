import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { apartmentPageSchema, apartmentsView } from '@building/events/read-models/apartments';
import { tableNames } from '@building/events/read-models/read-model';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

export const PAGE_SIZE = 6;
const table = tableNames(apartmentsView).apartments;
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
      return apartmentPageSchema.parse({
        result: toResponses(apartmentsView, rows),
        postCount: Number(count?.n ?? 0),
      });
    });
  });
}
