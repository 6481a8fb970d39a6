import Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { parsePeriodSearch } from '@building/events/period-search';
import { paymentsView } from '@building/events/read-models/payments';
import { tableNames } from '@building/events/read-models/read-model';
import { safeText } from '@building/infra/http/safe-text';
import { ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const tables = tableNames(paymentsView);
const query = z.object({ month: safeText.trim().max(40).optional() });

/**
 * GET /payments/:email[?month=] (owner or admin, paymentHistory): newest first; `month` is a
 * search (`parsePeriodSearch`): months by their names in English or Bangla, begun or whole, and
 * years, in Latin or Bengali digits ('nov', 'নভেম্বর ২০২৬', '2026'). price is what was paid (or refunded), in taka; time is unix seconds.
 * A refund row shows the apartment of the month's first paid row (a refund is only recorded once
 * the month is paid, and the view applies a stream's events in order), once.
 */
export function paymentRoutes(deps: QueryDeps): Router {
  return new Router().get('/payments/:email', ownerOrAdmin(deps), async (ctx) => {
    const email = ctx.state.email as string;
    const month = parseInput(query, ctx.query, 'query').month?.toLowerCase() || undefined;
    const search = month ? parsePeriodSearch(month) : null;
    ctx.body = await readView(ctx, deps, ['payments'], { email, month }, async () => {
      if (search === 'nothing') return [];
      const raw = (sql: string) => deps.db.raw(sql);
      const paid = deps
        .db({ p: tables.payments })
        .where('p.email', email)
        .select(
          ...['payment_id', 'email', 'name', 'month', 'year', 'transaction_id', 'paid_at'].map(
            (c) => `p.${c}`,
          ),
          ...['si', 'apartment', 'block', 'floor', 'coupon_code', 'discount', 'amount_poisha'].map(
            (c) => `p.${c}`,
          ),
          raw(`'paid' as status`),
          raw('null::text as refund_reason'),
        );
      // The month's first paid row names the apartment (a month paid again after a refund has more).
      const firstPaid = deps
        .db(tables.payments)
        .distinctOn(['si', 'year', 'month'])
        .select('si', 'year', 'month', 'name', 'apartment', 'block', 'floor')
        .orderBy(['si', 'year', 'month', 'paid_at'])
        .as('p');
      const refunded = deps
        .db({ r: tables.refunds })
        .join(firstPaid, (on) => on.on('p.si', 'r.si').andOn('p.year', 'r.year').andOn('p.month', 'r.month'))
        .where('r.email', email)
        .select(
          'r.refund_id as payment_id',
          'r.email',
          'p.name',
          'r.month',
          'r.year',
          'r.payment_intent_id as transaction_id',
          'r.refunded_at as paid_at',
          ...['r.si', 'p.apartment', 'p.block', 'p.floor'],
          raw('null::text as coupon_code'),
          raw('0 as discount'),
          'r.amount_poisha',
          raw(`'refunded' as status`),
          'r.reason as refund_reason',
        );
      if (search?.months) {
        paid.whereIn('p.month', search.months);
        refunded.whereIn('r.month', search.months);
      }
      if (search?.years) {
        paid.whereIn('p.year', search.years);
        refunded.whereIn('r.year', search.years);
      }
      const rows = deps.db.from(paid.unionAll(refunded, true).as('rows')).orderBy([
        { column: 'paid_at', order: 'desc' },
        { column: 'payment_id', order: 'asc' },
      ]);
      return toResponses(paymentsView, await rows);
    });
  });
}
