import Router from '@koa/router';
import { parseInput } from '@building/events/parse-input';
import { residentsResponse } from '@building/events/read-models/account';
import { memberApartmentsView } from '@building/events/read-models/member-apartments';
import { tableNames } from '@building/events/read-models/read-model';
import { residentsPageSize, residentsQuery } from '@building/events/requests/account-requests';
import { adminOnly } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';

const leases = tableNames(memberApartmentsView).leases;

/** `%` and `_` typed by a person are letters, not wildcards. */
const literally = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /residents?q=&current=&page= (admins; the cash desk, deposit settlement, the Charges page):
 * the leases, current first, whose holder's name or email or whose apartment contains `q` (any
 * case), a page of 50 at a time (a page short of 50 is the last). An ended lease is listed too
 * (its deposit is settled after it ends), unless `current=true` asks for the leases in force only.
 */
export function residentRoutes(deps: QueryDeps): Router {
  return new Router().get('/residents', adminOnly(deps), async (ctx) => {
    const { q, current, page } = parseInput(residentsQuery, ctx.query, 'query');
    ctx.body = await readView(ctx, deps, ['member-apartments'], { q, current, page }, async () => {
      const rows = deps
        .db(leases)
        .select<
          Array<{
            email: string;
            name: string;
            si: number;
            apartment: string;
            block: string;
            accept_date: Date;
            ended_at: Date | null;
          }>
        >('email', 'name', 'si', 'apartment', 'block', 'accept_date', 'ended_at')
        // Ordered to the last column, so a page's leases are never on the next one too.
        .orderByRaw('ended_at is not null, apartment, accept_date, email, request_id')
        .limit(residentsPageSize)
        .offset((page - 1) * residentsPageSize);
      if (current === 'true') rows.whereNull('ended_at');
      if (q) {
        const like = `%${literally(q)}%`;
        rows.where((w) =>
          w.whereILike('name', like).orWhereILike('email', like).orWhereILike('apartment', like),
        );
      }
      return residentsResponse.parse(
        (await rows).map((r) => ({
          email: r.email,
          name: r.name,
          si: r.si,
          apartment: r.apartment,
          block: r.block,
          startedAt: r.accept_date.toISOString(),
          endedAt: r.ended_at?.toISOString() ?? null,
        })),
      );
    });
  });
}
