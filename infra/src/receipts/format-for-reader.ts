import { monthNames, type Language, type Month } from '@building/events/catalogue';

/** The locale each language formats with, as the UI does: Bengali digits and month names in Bangla. */
const locales: Record<Language, string> = { en: 'en-GB', bn: 'bn-BD' };

/** Every time is said as the building keeps it: Dhaka time (UTC+6, no daylight saving). */
const buildingTimeZone = 'Asia/Dhaka';

const takaFormats = {
  en: new Intl.NumberFormat(locales.en, { maximumFractionDigits: 2 }),
  bn: new Intl.NumberFormat(locales.bn, { maximumFractionDigits: 2 }),
};

/** Poisha as the UI writes taka: `৳ 10,493.25`, `৳ ১০,৪৯৩.২৫`. */
export const formatTaka = (poisha: number, language: Language = 'en'): string =>
  `৳ ${takaFormats[language].format(poisha / 100)}`;

/** A count, floor or percentage in the reader's digits, ungrouped (15, ১৫). */
export const formatDigits = (value: number, language: Language): string =>
  new Intl.NumberFormat(locales[language], { useGrouping: false }).format(value);

/** A rent month: `March 2026`, `মার্চ ২০২৬`. */
export const formatMonthYear = (month: Month | string, year: number, language: Language): string =>
  new Intl.DateTimeFormat(locales[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, Math.max(0, monthNames.indexOf(month as Month)), 15)),
  );

/** A calendar date (YYYY-MM-DD) as people write it: `30 November 2026`, `৩০ নভেম্বর, ২০২৬`. */
export const formatLongDate = (isoDate: string, language: Language): string =>
  new Intl.DateTimeFormat(locales[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );

const dhakaSuffix: Record<Language, string> = { en: 'Dhaka time', bn: 'ঢাকার সময়' };

/** A moment in Dhaka time, said so: `5 March 2026 at 16:00 (Dhaka time)`. */
export const formatDhakaTime = (iso: string, language: Language): string =>
  `${new Intl.DateTimeFormat(locales[language], {
    timeZone: buildingTimeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))} (${dhakaSuffix[language]})`;

/** A figure as it was written (a meter's reading: `1000.5`), in the reader's digits and grouping, its decimals kept. */
export const formatFigure = (figure: string, language: Language): string => {
  const decimals = figure.split('.')[1]?.length ?? 0;
  return new Intl.NumberFormat(locales[language], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Number(figure));
};
