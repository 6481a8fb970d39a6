import { describe, expect, it } from 'vitest';
import { parsePeriodSearch } from './period-search.ts';

describe('a search for a rent period', () => {
  it('finds a month by its name in English or Bangla, whole or begun, in any case', () => {
    for (const text of ['November', 'november', 'NOV', 'nov', 'নভেম্বর', 'নভে', ' November '])
      expect(parsePeriodSearch(text), text).toEqual({ months: ['November'], years: null });
  });

  it('finds a year in Latin or Bengali digits, alone or with a month', () => {
    expect(parsePeriodSearch('2026')).toEqual({ months: null, years: [2026] });
    expect(parsePeriodSearch('২০২৬')).toEqual({ months: null, years: [2026] });
    expect(parsePeriodSearch('নভেম্বর ২০২৬')).toEqual({ months: ['November'], years: [2026] });
    expect(parsePeriodSearch('Nov 2026')).toEqual({ months: ['November'], years: [2026] });
  });

  it('widens to every month a beginning may mean, in the calendar order', () => {
    expect(parsePeriodSearch('ju')).toEqual({ months: ['June', 'July'], years: null });
    expect(parsePeriodSearch('জু')).toEqual({ months: ['June', 'July'], years: null });
    expect(parsePeriodSearch('ma')).toEqual({ months: ['March', 'May'], years: null });
  });

  it('matches nothing for a word that names no month or year', () => {
    expect(parsePeriodSearch('rent')).toBe('nothing');
    expect(parsePeriodSearch('Nov 26')).toBe('nothing');
    expect(parsePeriodSearch('')).toEqual({ months: null, years: null });
  });
});
