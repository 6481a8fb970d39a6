import { monthNames, type Month } from '../catalogue.ts';

/** The building keeps Dhaka time: UTC+6 all year (no daylight saving), as the UI shows it. */
const dhakaOffsetMs = 6 * 60 * 60 * 1000;

/** A calendar month, `index` 0 for January. */
export interface CalendarMonth {
  year: number;
  index: number;
}

/** The Dhaka calendar day of a moment. */
export function buildingDay(at: Date): CalendarMonth & { day: number } {
  const shifted = new Date(at.getTime() + dhakaOffsetMs);
  return { year: shifted.getUTCFullYear(), index: shifted.getUTCMonth(), day: shifted.getUTCDate() };
}

/** The Dhaka calendar date of a moment, YYYY-MM-DD: the building's today at `at`. */
export function buildingDate(at: Date): string {
  const { year, index, day } = buildingDay(at);
  return `${year}-${String(index + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const monthOrdinal = (m: CalendarMonth) => m.year * 12 + m.index;
export const monthOfOrdinal = (n: number): CalendarMonth => ({ year: Math.floor(n / 12), index: n % 12 });
export const monthName = (m: CalendarMonth): Month => monthNames[m.index]!;
export const monthIndexOf = (name: Month): number => monthNames.indexOf(name);

/** The first moment of a Dhaka calendar day (`day` may run past the month's end: Date carries it over). */
export function startOfBuildingDay(year: number, index: number, day: number): Date {
  return new Date(Date.UTC(year, index, day) - dhakaOffsetMs);
}
