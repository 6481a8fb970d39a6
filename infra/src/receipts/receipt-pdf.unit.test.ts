import { describe, expect, it } from 'vitest';
import type { EventData } from '@building/events/catalogue';
import { pdfPageText as pageText } from './pdf-text.ts';
import { renderOfflineReceipt, renderReceipt } from './receipt-pdf.ts';

const paid: EventData<'RentPaid'> = {
  si: 7,
  apartment: '3A01',
  block: 'A',
  floor: 3,
  room: '3 bed, 2 bath',
  rent: 12_345,
  paymentIntentId: 'pi_3TestReceipt',
  transactionId: 'pi_3TestReceipt',
  month: 'March',
  year: 2026,
  email: 'mina@building.test',
  name: 'Mina',
  rentPoisha: 1_234_500,
  discount: 15,
  couponCode: 'SAVE15',
  amountPoisha: 1_049_325,
  paidAt: '2026-03-05T10:00:07.000Z',
};

describe('the rent receipt', () => {
  it('is a PDF naming the building, member, apartment, period, amounts and transaction', async () => {
    const pdf = await renderReceipt(paid, 'en');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pageText(pdf);
    for (const expected of [
      'Gulshan Heights',
      'Rent receipt',
      'Mina',
      'mina@building.test',
      '3A01, block A, floor 3',
      'March 2026',
      '৳ 12,345',
      'SAVE15 (15% off: - ৳ 1,851.75)',
      '৳ 10,493.25 (BDT)',
      'pi_3TestReceipt',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('says the payment time in Dhaka time, not UTC', async () => {
    const text = pageText(await renderReceipt(paid, 'en'));
    // 10:00 UTC is 16:00 in Dhaka.
    expect(text).toContain('5 March 2026 at 16:00 (Dhaka time)');
    expect(text).not.toContain('UTC');
  });

  it('reads in Bangla for a Bangla reader, in an embedded Bengali font, with Bengali digits', async () => {
    const pdf = await renderReceipt(paid, 'bn');
    const source = pdf.toString('latin1');
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansBengali-Regular/);
    expect(source).toContain('/FontFile2');
    const text = pageText(pdf);
    // Words whose glyphs are drawn in reading order (a vowel sign drawn first would come first).
    for (const expected of [
      'ভাড়ার',
      'ভাড়া৳ ১২,৩৪৫',
      'SAVE15 (১৫% ছাড়: - ৳ ১,৮৫১.৭৫)',
      '৳ ১০,৪৯৩.২৫ (BDT)',
      '৩ তলা',
      '১৬:০০ (ঢাকার সময়)',
      'pi_3TestReceipt',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/Rent|Member|Paid at|UTC|March/);
  });
});

describe("the receipt of a month's total", () => {
  // The desk took 2,000 taka of the rent before: the card paid what was left of it after the
  // coupon, the service charge and the late fee.
  const itemised: EventData<'RentPaid'> = {
    ...paid,
    amountPoisha: 849_325 + 250_000 + 50_000,
    items: [
      { kind: 'rent', description: '', amountPoisha: 849_325 },
      {
        kind: 'charge',
        chargeId: '5b0f1d7e-3c1a-4e0b-9d8f-0a1b2c3d4e5f',
        description: 'Generator fuel',
        amountPoisha: 250_000,
      },
      { kind: 'late-fee', description: '', amountPoisha: 50_000 },
    ],
  };

  it('lists each item it paid, the coupon on the rent, and the total', async () => {
    const text = pageText(await renderReceipt(itemised, 'en'));
    for (const expected of [
      'Rent৳ 8,493.25',
      'Generator fuel৳ 2,500',
      'Late fee৳ 500',
      'SAVE15 (15% off: - ৳ 1,851.75)',
      '৳ 11,493.25 (BDT)',
    ])
      expect(text).toContain(expected);
  });

  it('says the items in Bangla, what the admin wrote kept as written', async () => {
    const text = pageText(await renderReceipt(itemised, 'bn'));
    for (const expected of ['৳ ৮,৪৯৩.২৫', 'Generator fuel৳ ২,৫০০', '৳ ৫০০', '৳ ১১,৪৯৩.২৫ (BDT)'])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/Rent|Late fee/);
  });
});

describe('the receipt of a payment at the desk', () => {
  it('names the method and reference in the reader language, and a reversal with its Dhaka time', async () => {
    const recorded: EventData<'OfflinePaymentRecorded'> = {
      paymentId: '5b0f1d7e-3c1a-4e0b-9d8f-0a1b2c3d4e5f',
      si: 7,
      apartment: '3A01',
      month: 'March',
      year: 2026,
      email: 'mina@building.test',
      name: 'Mina',
      leaseId: '6c1f2e8f-4d2b-4f1c-8e9a-1b2c3d4e5f60',
      method: 'bkash',
      reference: 'BK-77',
      amountPoisha: 500_000,
      recordedAt: '2026-03-05T19:30:00.000Z',
      recordedBy: 'desk@building.test',
    };
    const reversed: EventData<'PaymentReversed'> = {
      paymentId: recorded.paymentId,
      si: 7,
      month: 'March',
      year: 2026,
      email: recorded.email,
      amountPoisha: 500_000,
      reason: 'Wrong flat',
      reversedBy: 'desk@building.test',
      reversedAt: '2026-03-06T04:00:00.000Z',
    };
    const en = pageText(await renderOfflineReceipt(recorded, reversed, 'en'));
    expect(en).toContain('bKash');
    expect(en).toContain('BK-77');
    expect(en).toContain('৳ 5,000 (BDT)');
    // 19:30 UTC on the 5th is 01:30 on the 6th in Dhaka.
    expect(en).toContain('6 March 2026 at 01:30 (Dhaka time)');
    expect(en).toContain('6 March 2026 at 10:00 (Dhaka time): Wrong flat');
    const bn = pageText(await renderOfflineReceipt(recorded, null, 'bn'));
    expect(bn).toContain('বকাশ'); // বিকাশ, its vowel sign drawn first: ব ি ক া শ -> ি ব ক া শ
    expect(bn).toContain('৳ ৫,০০০ (BDT)');
    expect(bn).not.toContain('bKash');
  });
});
