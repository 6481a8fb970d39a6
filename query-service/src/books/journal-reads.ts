import type { Knex } from 'knex';
import { withRentDue, type JournalEntry } from '@building/domain/books/journal';
import { rentDuePostings } from '@building/domain/books/rent-due';
import { trialBalanceOf, type BalanceLine, type TrialBalance } from '@building/events/books/trial-balance';
import { journalView, type StoredJournalLine } from '@building/events/read-models/journal';
import { tableNames } from '@building/events/read-models/read-model';
import { rentLedgerView } from '@building/events/read-models/rent-ledger';
import type { LedgerLease } from '@building/events/rent-ledger/lease-ledger';
import { toResponses } from '../read-models/to-responses.ts';

const tables = tableNames(journalView);

/** The leases the rent is billed from (the journal's own rows, the rent ledger's shape). */
export async function journalLeases(db: Knex): Promise<LedgerLease[]> {
  return toResponses(rentLedgerView, await db(tables.leases).orderBy('lease_id'));
}

/** Stored lines (ordered by entry) -> entries. */
function entriesOf(lines: readonly StoredJournalLine[]): JournalEntry[] {
  const entries: JournalEntry[] = [];
  for (const line of lines) {
    let last = entries.at(-1);
    if (last?.id !== line.entryId) {
      last = { id: line.entryId, at: line.at, memo: line.memo, lines: [] };
      entries.push(last);
    }
    last.lines.push({
      account: line.account,
      debitPoisha: line.debitPoisha,
      creditPoisha: line.creditPoisha,
    });
  }
  return entries;
}

/**
 * The journal's entries dated from `from` to `to` (moments, inclusive), oldest first: the stored
 * postings and the rent billed in the window; with `account`, only the entries touching it.
 */
export async function journalBetween(
  db: Knex,
  window: { from: Date; to: Date; account?: string },
): Promise<JournalEntry[]> {
  const { from, to, account } = window;
  const rows = db(tables.lines).whereBetween('at', [from, to]).orderBy(['at', 'entry_id', 'n']);
  if (account)
    rows.whereIn(
      'entry_id',
      db(tables.lines).select('entry_id').where({ account }).whereBetween('at', [from, to]),
    );
  const stored = entriesOf(toResponses(journalView, await rows));
  return withRentDue(stored, await journalLeases(db), to).filter(
    (e) => new Date(e.at) >= from && (!account || e.lines.some((l) => l.account === account)),
  );
}

/** Each account's stored debits and credits dated by `at`, summed by Postgres: one line per account. */
async function storedSums(db: Knex, at: Date): Promise<BalanceLine[]> {
  const rows: Array<{ account: string; debit: string; credit: string }> = await db(tables.lines)
    .where('at', '<=', at)
    .groupBy('account')
    .select('account', db.raw('sum(debit_poisha) as debit'), db.raw('sum(credit_poisha) as credit'));
  return rows.map((r) => ({
    account: r.account,
    debitPoisha: Number(r.debit),
    creditPoisha: Number(r.credit),
  }));
}

/** The trial balance at `at`: the stored postings dated by then and the rent billed by then. */
export async function trialBalanceAt(db: Knex, at: Date): Promise<TrialBalance> {
  const [stored, leases] = await Promise.all([storedSums(db, at), journalLeases(db)]);
  const rent = leases.flatMap((lease) => rentDuePostings(lease, at).flatMap((p) => p.lines));
  return trialBalanceOf([...stored, ...rent]);
}
