import Router from '@koa/router';
import type { JournalEntry } from '@building/domain/books/journal';
import { parseInput } from '@building/events/parse-input';
import { journalResponse, trialBalanceResponse } from '@building/events/read-models/journal';
import { buildingDay, startOfBuildingDay } from '@building/events/rent-ledger/building-calendar';
import { journalQuery } from '@building/events/requests/books-requests';
import { adminOnly } from '../auth/caller.ts';
import { journalBetween, trialBalanceAt } from '../books/journal-reads.ts';
import { readView, type QueryDeps } from '../query-deps.ts';
import { asOf } from './rent-ledger.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const today = () => {
  const { year, index, day } = buildingDay(new Date());
  return `${year}-${pad(index + 1)}-${pad(day)}`;
};
/** The first moment of a Dhaka day, `later` days on. */
const dayStart = (date: string, later = 0) =>
  startOfBuildingDay(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)) + later,
  );

/** The window asked for, with its defaults (to today, from the first of `to`'s month), checked again. */
function windowOf(query: unknown) {
  const asked = parseInput(journalQuery, query, 'query');
  const to = asked.to ?? today();
  const from = asked.from ?? `${to.slice(0, 8)}01`;
  return parseInput(journalQuery, { ...asked, from, to }, 'query') as typeof asked & {
    from: string;
    to: string;
  };
}

const taka = (poisha: number) => poisha / 100;

function journalAnswer(window: ReturnType<typeof windowOf>, entries: readonly JournalEntry[]) {
  const counted = entries
    .flatMap((e) => e.lines)
    .filter((l) => !window.account || l.account === window.account);
  return journalResponse.parse({
    from: window.from,
    to: window.to,
    account: window.account ?? null,
    entries: entries.map((e) => ({
      ...e,
      lines: e.lines.map((l) => ({
        account: l.account,
        debit: taka(l.debitPoisha),
        credit: taka(l.creditPoisha),
      })),
    })),
    totalDebit: taka(counted.reduce((sum, l) => sum + l.debitPoisha, 0)),
    totalCredit: taka(counted.reduce((sum, l) => sum + l.creditPoisha, 0)),
  });
}

/**
 * GET /journal?from=&to=&account= (admins): the journal's entries in a window of Dhaka days.
 * GET /trial-balance?at= (admins): each account's debits, credits and balance at a moment or as a
 * Dhaka day ended (default now). Both from `journal_v1`, the rent billed from its leases.
 */
export function journalRoutes(deps: QueryDeps): Router {
  return new Router()
    .get('/journal', adminOnly(deps), async (ctx) => {
      const window = windowOf(ctx.query);
      ctx.body = await readView(ctx, deps, ['journal'], window, async () => {
        const entries = await journalBetween(deps.db, {
          from: dayStart(window.from),
          to: new Date(dayStart(window.to, 1).getTime() - 1),
          account: window.account,
        });
        return journalAnswer(window, entries);
      });
    })
    .get('/trial-balance', adminOnly(deps), async (ctx) => {
      const { at, key } = asOf(ctx.query);
      ctx.body = await readView(ctx, deps, ['journal'], { at: key }, async () =>
        trialBalanceResponse.parse({ ...(await trialBalanceAt(deps.db, at)), asOf: at.toISOString() }),
      );
    });
}
