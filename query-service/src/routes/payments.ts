import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { tableNamesOf } from '@building/projector/projection';
import { payments } from '@building/projector/projections/payments';
import { ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';

const table = tableNamesOf(payments).payments;
const query = z.object({ month: z.string().trim().max(20).optional() });

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
      return (await rows).map((r) => ({
        _id: r.payment_id,
        email: r.email,
        name: r.name,
        month: r.month,
        year: r.year,
        price: Number(r.amount_poisha) / 100,
        TransactionId: r.transaction_id,
        time: Math.floor((r.paid_at as Date).getTime() / 1000),
        si: r.si,
        apartment: r.apartment,
        block: r.block,
        floor: r.floor,
        couponCode: r.coupon_code,
        discount: r.discount,
      }));
    });
  });
}
