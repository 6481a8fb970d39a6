import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/i18n.ts';
import { lineWords } from './line-words.ts';

/** The account's lines, worded by the server in English, said in the reader's words. */
describe('lineWords', () => {
  afterEach(() => i18next.changeLanguage('en'));
  const say = (description: string) => lineWords(description, i18next.t);

  it('says every fixed wording in Bangla, keeping what a person wrote as written', async () => {
    await i18next.changeLanguage('bn');
    expect(say('Deposit, 2 months of rent')).toBe('জামানত, ২ মাসের ভাড়া');
    expect(say('Late fee, 5% of the unpaid rent')).toBe('বিলম্ব ফি, অপরিশোধিত ভাড়ার ৫%');
    expect(say('Water: Pump repair')).toBe('পানি: Pump repair');
    expect(say('Service charge')).toBe('সার্ভিস চার্জ');
    expect(say('Payment reversed: wrong flat')).toBe('পরিশোধ ফেরত নেওয়া হয়েছে: wrong flat');
    expect(say('Paid by card (coupon SAVE10)')).toBe('কার্ডে পরিশোধিত (কুপন SAVE10)');
    expect(say('Refunded to the card')).toBe('কার্ডে ফেরত দেওয়া হয়েছে: আবার দেয়');
    expect(say('Rent, apartment A-103')).toBe('ভাড়া, অ্যাপার্টমেন্ট A-103');
    expect(say('Coupon discount withdrawn')).toBe('কুপন ছাড় বাতিল: পুরো পরিশোধ ফেরত গেছে');
    for (const fixed of ['Payment received', 'Deposit paid', 'Deposit released', 'Deposit returned'])
      expect(say(fixed)).not.toMatch(/[A-Za-z]/);
  });

  it('keeps the English wording in English, and an unknown wording as it came', () => {
    expect(say('Deposit, 2 months of rent')).toBe('Deposit, 2 months of rent');
    expect(say('Deposit deductions: broken tap, paint')).toBe('Deposit deductions: broken tap, paint');
    expect(say('Something new')).toBe('Something new');
  });

  it("says a meter's bill and the scheduler's service charge once, in the reader's words and digits", async () => {
    expect(say('Electricity: Electricity: 1000 to 1100.5 (100.5 units)')).toBe(
      'Electricity: meter 1,000 to 1,100.5 (100.5 units)',
    );
    expect(say('Service charge: Service charge')).toBe('Service charge');
    await i18next.changeLanguage('bn');
    expect(say('Gas: 40 to 52 (12 units)')).toBe('গ্যাস: মিটার ৪০ থেকে ৫২ (১২ ইউনিট)');
    expect(say('Service charge: Service charge')).toBe('সার্ভিস চার্জ');
  });
});
