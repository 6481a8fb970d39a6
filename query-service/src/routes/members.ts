import Router from '@koa/router';
import { memberApartmentsView } from '@building/events/read-models/member-apartments';
import { memberListEntry, membersView } from '@building/events/read-models/members';
import { tableNames } from '@building/events/read-models/read-model';
import { rentLedgerView } from '@building/events/read-models/rent-ledger';
import { personalLedger } from '@building/events/rent-ledger/ledger-answers';
import { adminOnly, ownerOrAdmin } from '../auth/caller.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { toResponses } from '../read-models/to-responses.ts';
import { asOf, settledMonths } from './rent-ledger.ts';

const accounts = tableNames(membersView).accounts;
const leases = tableNames(memberApartmentsView).leases;
const ledgerTables = tableNames(rentLedgerView);

/**
 * GET /members (admin, manageMember): `[{ _id, name, email, apartments, balancePoisha }]`: the
 * spec's fields, the apartments each leases now and what they owe today (the rent ledger's balance).
 * GET /memberData/:email (owner or admin, memberProfile): the member's active leases.
 */
export function memberRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/members', adminOnly(deps), async (ctx) => {
      const { at, key } = asOf({});
      ctx.body = await readView(
        ctx,
        deps,
        ['members', 'member-apartments', 'rent-ledger'],
        { at: key },
        async () => {
          const members = toResponses(
            membersView,
            await deps.db(accounts).where({ member: true, admin: false }).orderBy('email'),
          );
          const current = await deps
            .db(leases)
            .whereNull('ended_at')
            .orderBy(['accept_date', 'si'])
            .select<Array<{ email: string; apartment: string }>>('email', 'apartment');
          const ledgerLeases = toResponses(rentLedgerView, await deps.db(ledgerTables.leases));
          const settled = await settledMonths(deps.db);
          return members.map((member) =>
            memberListEntry.parse({
              ...member,
              apartments: current.filter((l) => l.email === member.email).map((l) => l.apartment),
              balancePoisha: personalLedger(member.email, ledgerLeases, settled, at).balancePoisha,
            }),
          );
        },
      );
    })
    .get('/memberData/:email', ownerOrAdmin(deps), async (ctx) => {
      const email = ctx.state.email as string;
      ctx.body = await readView(ctx, deps, ['member-apartments'], { email }, async () =>
        toResponses(
          memberApartmentsView,
          await deps.db(leases).where({ email }).whereNull('ended_at').orderBy(['accept_date', 'si']),
        ),
      );
    });
}
