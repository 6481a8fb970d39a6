import { describe, expect, it } from 'vitest';
import { meterBillWording } from '@building/events/account/charge-names';
import { wordsInBangla } from './email-words-bn.ts';

describe('an email in Bangla', () => {
  it('names the month, the amount in taka as the UI writes it and the apartment in Bangla', () => {
    const { subject, body } = wordsInBangla({
      kind: 'rent-reminder',
      apartment: '1A01',
      month: 'November',
      year: 2026,
      amountPoisha: 2_100_000,
      due: 'overdue',
    });
    expect(subject).toBe('নভেম্বর ২০২৬-এর পাওনা বকেয়া');
    expect(body).toContain('নভেম্বর ২০২৬');
    // The UI's taka: the sign first, no poisha on whole taka (not "২১,০০০.০০৳").
    expect(body).toContain('পাওনা ৳ ২১,০০০ এখন বকেয়া');
    expect(body).toContain('1A01');
    expect(body).not.toMatch(/\.০০|০৳/);
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
    expect(wordsInBangla({ ...reminder, dueBy: '2026-11-30' }).body).toContain('৩০ নভেম্বর, ২০২৬-এর মধ্যে');
    expect(wordsInBangla(reminder).body).toContain('৫ তারিখের মধ্যে');
  });

  it("calls a reminder's amount the month's dues, and lists them: rent, a meter's bill, the late fee", () => {
    const { subject, body } = wordsInBangla({
      ...{ kind: 'rent-reminder', apartment: '1A01', month: 'November', year: 2026, due: 'due' },
      amountPoisha: 2_100_000 + 96_000 + 105_000,
      items: [
        { kind: 'rent', description: '', amountPoisha: 2_100_000 },
        {
          ...{ kind: 'charge', chargeId: '00000000-0000-4000-8000-000000000101', charge: 'electricity' },
          ...{ description: meterBillWording('electricity', 1000, 1120, 120), amountPoisha: 96_000 },
        },
        { kind: 'late-fee', description: '', amountPoisha: 105_000 },
      ],
    });
    expect(subject).toBe('নভেম্বর ২০২৬-এর পাওনা পরিশোধের সময় হয়েছে');
    expect(body).not.toContain('ভাড়া ৳ ২৩,০১০');
    expect(body).toContain('পাওনা ৳ ২৩,০১০:');
    expect(body).toContain(
      '- ভাড়া: ৳ ২১,০০০\n- বিদ্যুৎ: মিটার ১,০০০ থেকে ১,১২০ (১২০ ইউনিট): ৳ ৯৬০\n- বিলম্ব ফি: ৳ ১,০৫০',
    );
    expect(body.replace('1A01', '')).not.toMatch(/[A-Za-z]/);
  });

  it('gives a scheduled visit its date and a declined request its reason', () => {
    const base = { kind: 'maintenance-status', apartment: '2B03', requestId: 'r' } as const;
    expect(wordsInBangla({ ...base, status: 'scheduled', scheduledFor: '2026-12-04' }).body).toContain(
      'ডিসেম্বর',
    );
    expect(wordsInBangla({ ...base, status: 'declined', reason: 'Not ours' }).body).toContain(': Not ours');
    expect(wordsInBangla({ ...base, status: 'done' }).subject).toContain('সম্পন্ন');
  });

  it('calls the deposit জামানত, the word of the account and deposit screens', () => {
    const paid = wordsInBangla({
      kind: 'deposit-paid',
      si: 7,
      amountPoisha: 4_800_000,
      method: 'bkash',
      reference: 'B7',
    });
    const settled = wordsInBangla({
      ...{ kind: 'deposit-settled', si: 7, keptPoisha: 0, returnedPoisha: 4_800_000 },
      ...{ method: 'cash', reference: 'C1' },
    });
    for (const said of [paid.subject, paid.body, settled.subject, settled.body]) {
      expect(said).toContain('জামানত');
      expect(said).not.toContain('অগ্রিম');
    }
  });

  it("names a meter's bill in Bangla, not in the English the reading was recorded in", () => {
    const { body } = wordsInBangla({
      ...{ kind: 'charge-added', apartment: '3A01', month: 'November', year: 2026, amountPoisha: 96_000 },
      ...{ charge: 'electricity', description: meterBillWording('electricity', 1000, 1120, 120) },
    });
    expect(body).toContain('বিদ্যুৎ: মিটার ১,০০০ থেকে ১,১২০ (১২০ ইউনিট), ৳ ৯৬০');
    expect(body.replace('3A01', '')).not.toMatch(/[A-Za-z]/);
  });

  it('says what a deposit settlement kept and returned, and how', () => {
    const { subject, body: text } = wordsInBangla({
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
    expect(subject).toContain('ফেরত');
  });
});
