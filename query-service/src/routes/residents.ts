import Router from '@koa/router';
import { parseInput } from '@building/events/parse-input';
import { residentsResponse } from '@building/events/read-models/account';
import { memberApartmentsView } from '@building/events/read-models/member-apartments';
import { tableNames } from '@building/events/read-models/read-model';
import { residentsQuery } from '@building/events/requests/account-requests';
import { adminOnly } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';

const leases = tableNames(memberApartmentsView).leases;
const most = 50;

/** `%` and `_` typed by a person are letters, not wildcards. */
const literally = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /residents?q= (admins; the cash desk and deposit settlement): the leases, current first,
 * whose holder's name or email or whose apartment contains `q` (any case), at most 50. An ended
 * lease is listed too: its deposit is settled after it ends.
 */
export function residentRoutes(deps: QueryDeps): Router {
  return new Router().get('/residents', adminOnly(deps), async (ctx) => {
    const { q } = parseInput(residentsQuery, ctx.query, 'query');
    ctx.body = await readView(ctx, deps, ['member-apartments'], { q }, async () => {
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
        .orderByRaw('ended_at is not null, apartment, accept_date')
        .limit(most);
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
