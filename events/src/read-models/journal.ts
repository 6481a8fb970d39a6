import { moneyEventTypes } from '../money-event-types.ts';
import { z } from 'zod';
import { trialBalanceSchema } from '../books/trial-balance.ts';
import { defineReadModel } from './read-model.ts';

const moment = z.string().datetime({ offset: true });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The building's double-entry journal (admins): one row per line of each money event's posting
 * (the domain's posting function, `@building/domain/books/posting`), and the leases, whose rent is
 * no event: it is billed month by month at the moment asked (`rent-due.ts`), as the account does.
 * `row`/`toResponse` map a line; the leases are the rent ledger's rows (`rentLedgerView.row`).
 * The stored lines are the posting function's at the time they were applied: a change to what it
 * posts for events already in the log makes a new version of this view (`journal_v2`, rebuilt from
 * the log beside v1), and a new money event type is added to `events` here (a unit test says so).
 */
export const journalView = defineReadModel({
  view: 'journal',
  version: 1,
  audience: 'admin',
  tables: ['lines', 'leases'],
  events: ['AgreementAccepted', 'LeaseEnded', ...moneyEventTypes],
  row: z.object({
    entry_id: z.string(),
    n: z.number().int(),
    at: z.date(),
    memo: z.string(),
    account: z.string(),
    // bigint columns arrive as strings
    debit_poisha: z.coerce.number().int(),
    credit_poisha: z.coerce.number().int(),
  }),
  response: z.object({
    entryId: z.string(),
    at: moment,
    memo: z.string(),
    account: z.string(),
    debitPoisha: z.number().int().nonnegative(),
    creditPoisha: z.number().int().nonnegative(),
  }),
  toResponse: (r) => ({
    entryId: r.entry_id,
    at: r.at.toISOString(),
    memo: r.memo,
    account: r.account,
    debitPoisha: r.debit_poisha,
    creditPoisha: r.credit_poisha,
  }),
});
export type StoredJournalLine = z.infer<typeof journalView.response>;

const entry = z.object({
  /** The event's id, or the rent month's (`rent-<lease>-<year>-<month>`). */
  id: z.string(),
  at: moment,
  memo: z.string(),
  /** Taka. */
  lines: z.array(z.object({ account: z.string(), debit: z.number(), credit: z.number() })),
});

/**
 * GET /journal?from=&to=&account= (admins): the entries dated in the window (Dhaka days, inclusive),
 * oldest first, each with all its lines; with `account`, only the entries that touch it. The
 * totals are the window's (or the account's) debits and credits, in taka.
 */
export const journalResponse = z.object({
  from: day,
  to: day,
  account: z.string().nullable(),
  entries: z.array(entry),
  totalDebit: z.number(),
  totalCredit: z.number(),
});
export type JournalResponse = z.infer<typeof journalResponse>;

/** GET /trial-balance?at= (admins): every account's debits, credits and balance at `asOf`. */
export const trialBalanceResponse = trialBalanceSchema.extend({ asOf: moment });
export type TrialBalanceResponse = z.infer<typeof trialBalanceResponse>;
