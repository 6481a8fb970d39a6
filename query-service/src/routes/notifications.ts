import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { z } from 'zod';
import { refuse } from '@building/events/domain-error';
import { parseInput } from '@building/events/parse-input';
import {
  emailPreferencesSchema,
  notificationPageSchema,
  notificationsView,
} from '@building/events/read-models/notifications';
import { tableNames } from '@building/events/read-models/read-model';
import { ownerOrAdmin, type Caller } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';

const tables = tableNames(notificationsView);
const query = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

/**
 * A person's own notifications, and the announcements posted while they lived in the building
 * (between becoming a member and being removed), not past their last day.
 */
function theirs(db: Knex, email: string, today: string) {
  const own = db(tables.notifications).where({ email }).select('notification_id', 'facts', 'created_at');
  const announcements = db({ b: tables.broadcasts })
    .select('b.notification_id', 'b.facts', 'b.created_at')
    .where((q) => q.whereNull('b.expires_on').orWhere('b.expires_on', '>=', today))
    .whereExists(
      db({ r: tables.residencies })
        .where('r.email', email)
        .whereRaw('r.since <= b.created_at')
        .where((q) => q.whereNull('r.ended_at').orWhereRaw('r.ended_at > b.created_at')),
    );
  return own.unionAll(announcements, true);
}

/** A person's notifications are theirs alone: an admin reads their own, not others'. */
async function ownerOnly(ctx: Context, next: Next) {
  if ((ctx.state.caller as Caller).email !== ctx.state.email)
    throw refuse('not-your-data', 'only the owner may read their notifications');
  await next();
}

/**
 * GET /notifications/:email[?page=&size=] (owner): newest first, each marked unread while it is
 * newer than the read mark; `unread` counts them all (the bell).
 * GET /email-preferences/:email (owner): the kinds of email turned off.
 */
export function notificationRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/notifications/:email', ownerOrAdmin(deps), ownerOnly, async (ctx) => {
      const email = ctx.state.email as string;
      const { page, size } = parseInput(query, ctx.query, 'query');
      // Announcements expire at the end of a Dhaka day: today is part of the answer's key.
      const today = buildingDate(new Date());
      ctx.body = await readView(ctx, deps, ['notifications'], { email, page, size, today }, async () => {
        const mark = deps.db(tables.recipients).where({ email }).select('read_up_to');
        const unread = deps.db.raw(`n.created_at > coalesce((?), '-infinity'::timestamptz)`, [mark]);
        const all = () => deps.db.from(theirs(deps.db, email, today).as('n'));
        const [rows, counts] = await Promise.all([
          all()
            .select('n.notification_id', 'n.facts', 'n.created_at', deps.db.raw('? as unread', [unread]))
            .orderBy([
              { column: 'n.created_at', order: 'desc' },
              { column: 'n.notification_id', order: 'desc' },
            ])
            .limit(size)
            .offset(page * size),
          all().first(
            deps.db.raw('count(*)::int as total'),
            deps.db.raw('count(*) filter (where ?)::int as unread', [unread]),
          ),
        ]);
        return notificationPageSchema.parse({
          notifications: toResponses(notificationsView, rows),
          unread: counts?.unread ?? 0,
          total: counts?.total ?? 0,
        });
      });
    })
    .get('/email-preferences/:email', ownerOrAdmin(deps), ownerOnly, async (ctx) => {
      const email = ctx.state.email as string;
      ctx.body = await readView(ctx, deps, ['notifications'], { email }, async () => {
        const row = await deps.db(tables.recipients).where({ email }).first('email_off');
        return emailPreferencesSchema.parse({
          off: JSON.parse((row?.email_off as string | undefined) ?? '[]'),
        });
      });
    });
}
