import { rentLines } from '@building/events/account/account-at';
import { incomeAccounts, receivableAccount } from '@building/events/books/chart-of-accounts';
import type { LedgerLease } from '@building/events/rent-ledger/lease-ledger';
import type { Posting } from './posting.ts';

/** A posting the journal makes without an event of its own (the rent a lease owes), with a stable id. */
export type DuePosting = Posting & { id: string };

/**
 * The rent billed by a lease up to `at`: each month it owes (the account's one rule, lease-months),
 * dated the day it falls due, billed to the resident's receivable as rent income.
 */
export function rentDuePostings(lease: LedgerLease, at: Date): DuePosting[] {
  return rentLines(lease, at).map((line) => ({
    id: line.id,
    at: line.date,
    memo: `rent, apartment ${lease.apartment}, ${line.month} ${line.year}`,
    lines: [
      { account: receivableAccount(lease.email), debitPoisha: line.debitPoisha, creditPoisha: 0 },
      { account: incomeAccounts.rent, debitPoisha: 0, creditPoisha: line.debitPoisha },
    ],
  }));
}
