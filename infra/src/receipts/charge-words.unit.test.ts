import { describe, expect, it } from 'vitest';
import { meterBillWording } from '@building/events/account/charge-names';
import { chargeInWords, itemWords } from './charge-words.ts';

describe("a charge in the reader's words", () => {
  const meter = meterBillWording('electricity', 1000, 1120.5, 120.5);

  it("says a meter's bill in Bangla, kind and figures, nothing left in English", () => {
    const said = chargeInWords(meter, 'bn', 'electricity');
    expect(said).toBe('বিদ্যুৎ: মিটার ১,০০০ থেকে ১,১২০.৫ (১২০.৫ ইউনিট)');
    expect(said).not.toMatch(/[A-Za-z]/);
    expect(chargeInWords(meter, 'en', 'electricity')).toBe(
      'Electricity: meter 1,000 to 1,120.5 (120.5 units)',
    );
  });

  it("names the plan's service charge once, and keeps what an admin wrote as written", () => {
    expect(chargeInWords('Service charge', 'bn', 'service')).toBe('সার্ভিস চার্জ');
    expect(chargeInWords('Generator fuel', 'bn', 'other')).toBe('অন্যান্য চার্জ: Generator fuel');
    expect(chargeInWords('', 'bn', 'water')).toBe('পানি');
  });

  it('names a paid charge the server worded in Bangla; one a person wrote, as written', () => {
    const item = {
      kind: 'charge',
      chargeId: '00000000-0000-4000-8000-000000000101',
      amountPoisha: 1,
    } as const;
    expect(itemWords({ ...item, description: meter }, 'bn')).toBe(
      'বিদ্যুৎ: মিটার ১,০০০ থেকে ১,১২০.৫ (১২০.৫ ইউনিট)',
    );
    expect(itemWords({ ...item, description: 'Generator fuel' }, 'bn')).toBe('Generator fuel');
    expect(itemWords({ kind: 'late-fee', description: '', amountPoisha: 1 }, 'bn')).toBe('বিলম্ব ফি');
  });
});
