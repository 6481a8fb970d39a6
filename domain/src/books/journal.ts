import type { DomainEvent } from '@building/events/catalogue';
import { applyLedgerEvent, noLedgerFacts, type LedgerFacts } from '@building/events/rent-ledger/ledger-facts';
import { postingOf, type Posting } from './posting.ts';
import { rentDuePostings } from './rent-due.ts';

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
    if (posting && new Date(posting.at) <= at) entries.push({ ...posting, id: event.id });
  }
  for (const lease of Object.values(leases.leases)) entries.push(...rentDuePostings(lease, at));
  return entries.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}
