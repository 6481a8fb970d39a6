import { monthNames, type Month } from './catalogue.ts';

/** What a search for a rent period names: the months and years it may mean (null: any). */
export interface PeriodSearch {
  months: Month[] | null;
  years: number[] | null;
}

const monthIn = (locale: string) => {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return monthNames.map((_, i) => format.format(new Date(Date.UTC(2026, i, 15))).normalize('NFC'));
};
/** Each month's names as people type them: English, and Bangla as the UI writes it. */
const spoken: Array<[Month, string[]]> = (() => {
  const bangla = monthIn('bn-BD');
  return monthNames.map((month, i) => [month, [month.toLowerCase(), bangla[i]!]]);
})();

const bengaliDigits = /[০-৯]/g;
const toLatinDigits = (text: string) =>
  text.replace(bengaliDigits, (digit) => String(digit.charCodeAt(0) - '০'.charCodeAt(0)));

/**
 * Reads a payment-history search: each word is a year (`2026`, `২০২৬`) or the start of a month's
 * name in English or Bangla (`nov`, `November`, `নভেম্বর`, `নভে`), in any case. Several months or
 * years widen the search; a word that names neither matches nothing.
 */
export function parsePeriodSearch(text: string): PeriodSearch | 'nothing' {
  const words = toLatinDigits(text.normalize('NFC').toLowerCase())
    .split(/[\s,./-]+/)
    .filter(Boolean);
  const months = new Set<Month>();
  const years = new Set<number>();
  for (const word of words) {
    if (/^\d{4}$/.test(word)) {
      years.add(Number(word));
      continue;
    }
    const named = spoken.filter(([, names]) => names.some((name) => name.startsWith(word)));
    if (named.length === 0) return 'nothing';
    for (const [month] of named) months.add(month);
  }
  return {
    months: months.size > 0 ? monthNames.filter((m) => months.has(m)) : null,
    years: years.size > 0 ? [...years] : null,
  };
}
