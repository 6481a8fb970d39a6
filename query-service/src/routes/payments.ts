import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { paymentsView } from '@building/events/read-models/payments';
import { tableNames } from '@building/events/read-models/read-model';
import { safeText } from '@building/infra/http/safe-text';
import { ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const table = tableNames(paymentsView).payments;
const query = z.object({ month: safeText.trim().max(20).optional() });

/**
 * GET /payments/:email[?month=] (owner or admin, paymentHistory): newest first; `month` is a
 * case-insensitive exact match. price is what was paid, in taka; time is unix seconds.
 */
export function paymentRoutes(deps: QueryDeps): Router {
  return new Router().get('/payments/:email', ownerOrAdmin(deps), async (ctx) => {
    const email = ctx.state.email as string;
    const month = parseInput(query, ctx.query, 'query').month?.toLowerCase() || undefined;
    ctx.body = await readView(ctx, deps, ['payments'], { email, month }, async () => {
      const rows = deps.db(table).where({ email });
      if (month) rows.whereRaw('lower(month) = ?', [month]);
      rows.orderBy([
        { column: 'paid_at', order: 'desc' },
        { column: 'payment_id', order: 'asc' },
      ]);
      return toResponses(paymentsView, await rows);
    });
  });
}
