import { describe, expect, it } from 'vitest';
import type { EventData } from '@building/events/catalogue';
import { pdfPageText as pageText } from './pdf-text.ts';
import { renderReceipt, utcTime } from './receipt-pdf.ts';

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
    const pdf = await renderReceipt(paid);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pageText(pdf);
    for (const expected of [
      'Gulshan Heights',
      'Mina',
      'mina@building.test',
      '3A01, block A, floor 3',
      'March 2026',
      'Tk 12,345',
      'SAVE15 (15% off: - Tk 1,851.75)',
      'Tk 10,493.25 (BDT)',
      'pi_3TestReceipt',
      '2026-03-05 10:00:07 UTC',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('formats the payment time in UTC as the spec does', () => {
    expect(utcTime('2026-12-31T23:59:59.000Z')).toBe('2026-12-31 23:59:59 UTC');
  });
});
