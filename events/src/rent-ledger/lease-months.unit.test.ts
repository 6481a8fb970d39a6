import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import { assertMonthOfLease, dueOfNamedMonth, isMonthOfLease } from './lease-months.ts';

// Accepted on 26 November 2026 at 10:00 in Dhaka.
const lease = { si: 7, startedAt: '2026-11-26T04:00:00Z', endedAt: null };

describe('what a lease owes', () => {
  it('owes the months from the month it was accepted, none before', () => {
    expect(isMonthOfLease(lease, { year: 2025, month: 'January' })).toBe(false);
    expect(isMonthOfLease(lease, { year: 2026, month: 'March' })).toBe(false);
    expect(isMonthOfLease(lease, { year: 2026, month: 'October' })).toBe(false);
    expect(isMonthOfLease(lease, { year: 2026, month: 'November' })).toBe(true);
    expect(isMonthOfLease(lease, { year: 2027, month: 'February' })).toBe(true);
  });

  it('owes up to the month it ended, in Dhaka time', () => {
    // 19:00 UTC on 31 January is 1 February in Dhaka: February is the lease's last month.
    const ended = { ...lease, endedAt: '2027-01-31T19:00:00Z' };
    expect(isMonthOfLease(ended, { year: 2027, month: 'February' })).toBe(true);
    expect(isMonthOfLease(ended, { year: 2027, month: 'March' })).toBe(false);
  });

  it('refuses a month outside it with a typed problem naming the lease', () => {
    let refusal: unknown;
    try {
      assertMonthOfLease(lease, { year: 2025, month: 'January' }, 'a rent payment');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'month-outside-lease' });
    expect((refusal as Error).message).toMatch(
      /January 2025 is outside the lease of apartment 7 \(from November 2026\)/,
    );
  });

  it('is due by the 5th, the first month 5 days after acceptance', () => {
    expect(dueOfNamedMonth(lease, { year: 2026, month: 'November' })).toEqual({
      dueBy: '2026-11-30',
      overdueFrom: new Date('2026-11-30T18:00:00Z'),
    });
    expect(dueOfNamedMonth(lease, { year: 2026, month: 'December' }).dueBy).toBe('2026-12-05');
    const onThe1st = { startedAt: '2026-03-01T04:00:00Z', endedAt: null };
    expect(dueOfNamedMonth(onThe1st, { year: 2026, month: 'March' }).dueBy).toBe('2026-03-05');
  });
});
