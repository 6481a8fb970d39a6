import { describe, expect, it } from 'vitest';
import { bodyInBangla } from './email-words-bn.ts';

describe('the Bangla half of an email', () => {
  it('names the month, the amount in taka and the apartment in Bangla', () => {
    const text = bodyInBangla({
      kind: 'rent-reminder',
      apartment: '1A01',
      month: 'November',
      year: 2026,
      amountPoisha: 1_234_500,
      due: 'overdue',
    });
    expect(text).toContain('নভেম্বর');
    expect(text).toContain('২০২৬');
    expect(text).toContain('১২,৩৪৫');
    expect(text).toContain('৳');
    expect(text).toContain('1A01');
    expect(text).toContain('বকেয়া');
  });

  it('says the day the month is due by, as the ledger does (the first month: 5 days after acceptance)', () => {
    const reminder = {
      kind: 'rent-reminder',
      apartment: '1A01',
      month: 'November',
      year: 2026,
      amountPoisha: 1_234_500,
      due: 'due',
    } as const;
    expect(bodyInBangla({ ...reminder, dueBy: '2026-11-30' })).toContain('৩০ নভেম্বর, ২০২৬-এর মধ্যে');
    expect(bodyInBangla(reminder)).toContain('৫ তারিখের মধ্যে');
  });

  it('gives a scheduled visit its date and a declined request its reason', () => {
    const base = { kind: 'maintenance-status', apartment: '2B03', requestId: 'r' } as const;
    expect(bodyInBangla({ ...base, status: 'scheduled', scheduledFor: '2026-12-04' })).toContain('ডিসেম্বর');
    expect(bodyInBangla({ ...base, status: 'declined', reason: 'Not ours' })).toContain(': Not ours');
    expect(bodyInBangla({ ...base, status: 'done' })).toContain('সম্পন্ন');
  });

  it('says what a deposit settlement kept and returned, and how', () => {
    const text = bodyInBangla({
      kind: 'deposit-settled',
      si: 7,
      keptPoisha: 500_000,
      returnedPoisha: 4_300_000,
      method: 'bank',
      reference: 'DBBL-2231',
    });
    expect(text).toContain('৫,০০০');
    expect(text).toContain('৪৩,০০০');
    expect(text).toContain('ব্যাংক ট্রান্সফার');
    expect(text).toContain('DBBL-2231');
  });
});
