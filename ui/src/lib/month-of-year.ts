import { monthNames, type Month } from '@building/events/catalogue';
import { formatMonthName, formatYear } from './format.ts';

/** A month of a year as the services name it: `{ month: 'March', year: 2026 }`. */
export interface MonthOfYear {
  month: Month;
  year: number;
}

/** This month in Dhaka, where the building keeps its calendar (UTC+6, no daylight saving). */
export function thisMonth(now = new Date()): MonthOfYear {
  const dhaka = new Date(now.getTime() + 6 * 3600_000);
  return { month: monthNames[dhaka.getUTCMonth()]!, year: dhaka.getUTCFullYear() };
}

/** 'March 2026' in the reader's language and digits. */
export const formatMonthOfYear = ({ month, year }: MonthOfYear) =>
  `${formatMonthName(Date.UTC(2000, monthNames.indexOf(month)))} ${formatYear(year)}`;
