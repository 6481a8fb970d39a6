import { ledgersAt } from '@building/events/rent-ledger/lease-ledger';
import type { LedgerFacts } from '@building/events/rent-ledger/ledger-facts';
import type { RentReminderRequest } from '@building/domain/payments/issue-rent-reminder';

/**
 * The reminders to issue at `now`: for each active lease, its current month (Dhaka time) when it is
 * unpaid and its reminder of the month's status is not issued yet: 'due' from the 1st, 'overdue'
 * after the 5th. Only the current month: a scheduler that was down never floods a member with the
 * months it missed, and a month that became overdue while it was down gets the overdue one only.
 */
export function remindersDue(facts: LedgerFacts, now: Date): RentReminderRequest[] {
  const due: RentReminderRequest[] = [];
  for (const ledger of ledgersAt(Object.values(facts.leases), Object.values(facts.settled), now)) {
    const current = ledger.months.at(-1);
    if (!ledger.active || !current || current.status === 'paid') continue;
    const kind = current.status;
    if (current.reminders[kind]) continue;
    const { si, email } = ledger.lease;
    due.push({ si, email, month: current.month, year: current.year, kind, issuedAt: now });
  }
  return due;
}
