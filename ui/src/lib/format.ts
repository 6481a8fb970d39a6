import { currentLanguage, translate, type Language } from '../i18n/i18n.ts';

/** The locale each language formats with: Bangla digits and Bangla month names in Bangla. */
const locales: Record<Language, string> = { en: 'en-GB', bn: 'bn-BD' };

/** One formatter per language and style, made on first use. */
function formatter(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat;
function formatter(name: string, options: Intl.NumberFormatOptions, number: true): Intl.NumberFormat;
function formatter(name: string, options: object, number?: true) {
  const key = `${currentLanguage()}:${name}`;
  let made = cache.get(key);
  if (!made) {
    const locale = locales[currentLanguage()];
    made = number ? new Intl.NumberFormat(locale, options) : new Intl.DateTimeFormat(locale, options);
    cache.set(key, made);
  }
  return made;
}
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** 12000 -> '৳ 12,000' ('৳ ১২,০০০' in Bangla) */
export const formatTaka = (amount: number): string =>
  `৳ ${formatter('taka', { maximumFractionDigits: 2 }, true).format(amount)}`;

/** A count or percentage figure in the reader's digits. */
export const formatNumber = (value: number, fractionDigits = 0): string =>
  formatter(
    `number-${fractionDigits}`,
    { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    true,
  ).format(value);

/** Every time is shown as the building keeps it: Dhaka time (UTC+6, no daylight saving). */
export const buildingTimeZone = 'Asia/Dhaka';

const shortDate = { timeZone: buildingTimeZone, day: '2-digit', month: '2-digit', year: 'numeric' } as const;

const dateTime = {
  timeZone: buildingTimeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
} as const;

const longDate = { timeZone: buildingTimeZone, day: 'numeric', month: 'long', year: 'numeric' } as const;

const valid = (date: Date) => !Number.isNaN(date.getTime());

/** A request or acceptance date as dd/mm/yyyy in Dhaka. Accepts ms or an ISO string. */
export function formatShortDate(value: number | string): string {
  const date = new Date(value);
  return valid(date) ? formatter('short-date', shortDate).format(date) : '—';
}

/** A moment (ms, unix seconds via `fromSeconds`, or ISO) as dd/mm/yyyy HH:mm:ss, Dhaka time. */
export function formatDateTime(value: number | string): string {
  const date = new Date(value);
  return valid(date) ? formatter('date-time', dateTime).format(date).replace(',', '') : '—';
}

/** A day as people write it, in Dhaka: 5 January 2026. */
export function formatLongDate(value: number | string): string {
  const date = new Date(value);
  return valid(date) ? formatter('long-date', longDate).format(date) : '—';
}

/** A Dhaka calendar day (YYYY-MM-DD) as people write it: noon keeps it that day in any zone. */
export const formatDay = (day: string): string => formatLongDate(`${day}T12:00:00Z`);

/** A serial, position or year in the reader's digits, ungrouped (2026, ২০২৬). */
export const formatDigits = (value: number): string =>
  formatter('digits', { useGrouping: false }, true).format(value);

/** A year in the reader's digits, ungrouped (2026, ২০২৬). */
export const formatYear = formatDigits;

/** A month's name in the reader's language (January, জানুয়ারি). */
export const formatMonthName = (value: number): string =>
  formatter('month-name', { month: 'long', timeZone: 'UTC' }).format(new Date(value));

/** A month's short name in the reader's language (Jan, জানু), for a chart's axis. */
export const formatShortMonth = (value: number): string =>
  formatter('month-short', { month: 'short', timeZone: 'UTC' }).format(new Date(value));

/** A payment time (unix seconds) as dd/mm/yyyy HH:mm:ss, Dhaka time. */
export const formatPaymentTime = (unixSeconds: number): string => formatDateTime(unixSeconds * 1000);

/**
 * An apartment's rooms as the listing records them ('2 bed, 2 bath') in the reader's words and
 * digits; anything else as it was written.
 */
export function formatRooms(room: string): string {
  const layout = /^(\d+) bed, (\d+) bath$/.exec(room.trim());
  return layout
    ? translate('apartments.layout', {
        beds: formatDigits(Number(layout[1])),
        baths: formatDigits(Number(layout[2])),
      })
    : room;
}
