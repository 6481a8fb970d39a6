import type { ChargeKind, Language, OwedItem, PaidItem } from '@building/events/catalogue';
import { chargeNames, readChargeWording, type ChargeWords } from '@building/events/account/charge-names';
import { formatFigure } from './format-for-reader.ts';
import { receiptWords } from './receipt-words.ts';

const meterWords: Record<Language, (from: string, to: string, units: string) => string> = {
  en: (from, to, units) => `meter ${from} to ${to} (${units} units)`,
  bn: (from, to, units) => `মিটার ${from} থেকে ${to} (${units} ইউনিট)`,
};

/** A charge said in the reader's language: its kind, a meter's bill with its figures in their digits, what a person wrote as written. */
function say(said: ChargeWords, language: Language): string {
  const name = chargeNames[language][said.kind];
  if (said.meter) {
    const figure = (f: string) => formatFigure(f, language);
    return `${name}: ${meterWords[language](figure(said.meter.from), figure(said.meter.to), figure(said.meter.units))}`;
  }
  return said.note ? `${name}: ${said.note}` : name;
}

/** A charge of `kind` said in the reader's language, from its description (charge-names.ts). */
export const chargeInWords = (description: string, language: Language, kind: ChargeKind): string =>
  say(readChargeWording(description, kind), language);

/** A charge's description the server worded, said in the reader's language; one a person wrote, as written. */
const sayIfWorded = (description: string, language: Language): string => {
  const said = readChargeWording(description);
  return said ? say(said, language) : description;
};

/**
 * What a receipt or an email calls a paid or owed item: the rent, the late fee, or the charge in the
 * reader's words (by its kind, when the item names it).
 */
export function itemWords(item: PaidItem | OwedItem, language: Language): string {
  if (item.kind !== 'charge') return receiptWords[language].items[item.kind];
  if ('charge' in item && item.charge) return chargeInWords(item.description, language, item.charge);
  return item.description ? sayIfWorded(item.description, language) : receiptWords[language].items.charge;
}
