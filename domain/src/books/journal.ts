import type { DomainEvent } from '@building/events/catalogue';
import { applyLedgerEvent, noLedgerFacts, type LedgerFacts } from '@building/events/rent-ledger/ledger-facts';
import type { LedgerLease } from '@building/events/rent-ledger/lease-ledger';
import { moneyEventTypes } from './money-events.ts';
import { postingOf, type Posting } from './posting.ts';
import { rentDuePostings } from './rent-due.ts';

/** The events the journal is folded from: the money events, and the leases that bill the rent. */
export const journalEventTypes = [...moneyEventTypes, 'AgreementAccepted', 'LeaseEnded'] as const;
const journalEvents: ReadonlySet<string> = new Set(journalEventTypes);
export const isJournalEventType = (type: string) => journalEvents.has(type);

/** A journal entry with the id that keeps it once: its event's id, or the rent month's. */
export type JournalEntry = Posting & { id: string };

/**
 * The journal folded from the log alone, as it stood at `at`: every money event's posting dated by
 * then, and the rent the leases had billed by then. `events` carry their ids (the envelope's).
 */
export function journalAt(events: Iterable<DomainEvent & { id: string }>, at: Date): JournalEntry[] {
  let leases: LedgerFacts = noLedgerFacts();
  const entries: JournalEntry[] = [];
  for (const event of events) {
    if (event.type === 'AgreementAccepted' || event.type === 'LeaseEnded')
      leases = applyLedgerEvent(leases, event);
    const posting = postingOf(event);
    // A posting without lines (a duplicate charge refunded at the provider) is no entry.
    if (posting?.lines.length && new Date(posting.at) <= at) entries.push({ ...posting, id: event.id });
  }
  return withRentDue(entries, Object.values(leases.leases), at);
}

/**
 * The entries with the rent the leases had billed by `at` (no event says it: the lease owes it), in
 * date order, ties by id: the journal the log's fold and the projected view both answer.
 */
export function withRentDue(
  entries: readonly JournalEntry[],
  leases: Iterable<LedgerLease>,
  at: Date,
): JournalEntry[] {
  const all = [...entries];
  for (const lease of leases) all.push(...rentDuePostings(lease, at));
  return all.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}
