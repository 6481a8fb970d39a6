import { monthNames, type Month } from '@building/events/catalogue';
import { formatMonthName } from './format.ts';

/**
 * A month as the events record it ('November') in the reader's language; anything else as it is.
 * Apart from format.ts: the catalogue it reads stays out of the first page's scripts.
 */
export function formatRecordedMonth(name: string): string {
  const index = monthNames.indexOf(name as Month);
  return index < 0 ? name : formatMonthName(Date.UTC(2000, index, 1));
}
