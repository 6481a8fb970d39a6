import { categoryOf } from '@building/events/catalogue';
import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import type { StoredEvent } from '@building/events/envelope';
import type { Category } from '@building/events/streams';
import {
  isJournalEventType,
  journalAt,
  journalEventTypes,
  type JournalEntry,
} from '@building/domain/books/journal';

/** The categories whose streams hold the events the journal is folded from. */
export const journalCategories: Category[] = [...new Set(journalEventTypes.map(categoryOf))];

/**
 * The journal's entries dated from `from` to `to`, folded from the log alone with the domain's own
 * posting (as `audit state` folds the trial balance): what the journal view answers, without
 * needing the projector to have caught up.
 */
export async function journalBetween(
  events: AsyncIterable<StoredEvent>,
  from: Date,
  to: Date,
): Promise<JournalEntry[]> {
  const books: DecodedEvent[] = [];
  for await (const event of events) if (isJournalEventType(event.type)) books.push(decodeEvent(event));
  return journalAt(books, to).filter((entry) => new Date(entry.at) >= from);
}
