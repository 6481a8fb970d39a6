import type { Language, OwedItem, PaidItem } from '@building/events/catalogue';
import { itemWords } from '@building/infra/receipts/charge-words';
import { formatTaka } from '@building/infra/receipts/format-for-reader';

/** Items an email lists, a line each in the reader's words: `- Electricity: meter 100 to 220 (120 units): ৳ 960`. */
export const itemLines = (items: ReadonlyArray<PaidItem | OwedItem>, language: Language): string =>
  items.map((i) => `- ${itemWords(i, language)}: ${formatTaka(i.amountPoisha, language)}`).join('\n');
