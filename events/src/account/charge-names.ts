import type { ChargeKind, Language } from '../catalogue.ts';

/** What each kind of charge is called, in each language the site speaks: the screens and the emails. */
export const chargeNames = {
  en: {
    service: 'Service charge',
    electricity: 'Electricity',
    gas: 'Gas',
    water: 'Water',
    other: 'Other charge',
  },
  bn: {
    service: 'সার্ভিস চার্জ',
    electricity: 'বিদ্যুৎ',
    gas: 'গ্যাস',
    water: 'পানি',
    other: 'অন্যান্য চার্জ',
  },
} as const satisfies Record<Language, Record<ChargeKind, string>>;

/**
 * How the server words a charge it writes itself (the account's lines, a meter's bill, the plan's
 * service charge), in English: stored with the events, and read back by readChargeWording so each
 * reader is told it in their own words.
 */
const worded: Record<ChargeKind, string> = {
  service: 'Service charge',
  electricity: 'Electricity',
  gas: 'Gas',
  water: 'Water',
  other: 'Charge',
};
export const chargeWording = (kind: ChargeKind) => worded[kind];

/** A meter's bill as the reading words it: `Electricity: 1000 to 1100.5 (100.5 units)`. */
export const meterBillWording = (kind: ChargeKind, from: number, to: number, units: number) =>
  `${worded[kind]}: ${from} to ${to} (${units} units)`;

/** What a charge's wording says: its kind, a meter's figures (as written), and what a person added. */
export interface ChargeWords {
  kind: ChargeKind;
  meter?: { from: string; to: string; units: string };
  /** What a person wrote (an admin's description, a cancellation's reason), kept as written. */
  note?: string;
}

const kindOf = new Map(Object.entries(worded).map(([kind, words]) => [words, kind as ChargeKind]));
const names = Object.values(worded).join('|');
const figure = String.raw`\d+(?:\.\d+)?`;
// The account's line puts the kind before the description, which for a meter names it again.
const meterBill = new RegExp(`^(${names}): (?:\\1: )?(${figure}) to (${figure}) \\((${figure}) units\\)$`);
const kindAndNote = new RegExp(`^(${names})(?:: (.*))?$`, 's');

/**
 * A charge's wording read back (an account line's description, a charge's or a paid item's), or
 * null when a person wrote it all. `kind` is the charge's own kind when known: then the wording is
 * its description alone, and anything but the server's words is a note.
 */
export function readChargeWording(text: string, kind: ChargeKind): ChargeWords;
export function readChargeWording(text: string): ChargeWords | null;
export function readChargeWording(text: string, kind?: ChargeKind): ChargeWords | null {
  const meter = meterBill.exec(text);
  if (meter)
    return { kind: kindOf.get(meter[1]!)!, meter: { from: meter[2]!, to: meter[3]!, units: meter[4]! } };
  const named = kindAndNote.exec(text);
  if (named && (!kind || kindOf.get(named[1]!) === kind)) {
    const note = named[2] === named[1] ? undefined : named[2];
    return { kind: kindOf.get(named[1]!)!, ...(note ? { note } : {}) };
  }
  if (!kind) return null;
  return text ? { kind, note: text } : { kind };
}
