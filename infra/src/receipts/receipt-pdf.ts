import type { EventData, Language } from '@building/events/catalogue';
import { formatDhakaTime, formatDigits, formatMonthYear, formatTaka } from './format-for-reader.ts';
import { buildingIssuer, renderPage, write, type ReceiptIssuer } from './pdf-document.ts';
import { receiptWords } from './receipt-words.ts';
import { itemWords } from './charge-words.ts';
import { paymentDiscountPoisha } from '@building/events/account/card-credit';

export { buildingIssuer, type ReceiptIssuer };

/** A one-page receipt in the reader's language: the issuer, a title, then label/value rows. */
function renderReceiptPage(
  title: string,
  id: string,
  rows: Array<[string, string]>,
  issuer: ReceiptIssuer,
  language: Language,
): Promise<Buffer> {
  return renderPage({ size: 'A5', title, id, issuer, language }, (doc) => {
    for (const [label, value] of rows) {
      const y = doc.y;
      write(doc, label, { bold: true, x: 40, y, width: 110 });
      const labelEnd = doc.y;
      write(doc, value, { x: 150, y, width: 230 });
      doc.y = Math.max(doc.y, labelEnd);
      doc.moveDown(0.4);
    }
    doc.moveDown(2).fontSize(8).fillColor('#555');
    write(doc, receiptWords[language].thanks, { x: 40, y: doc.y });
  });
}

/** The receipt of a card payment, in `language`: the rent, its coupon, and what else it itemised. */
export function renderReceipt(
  paid: EventData<'RentPaid'>,
  language: Language = 'en',
  issuer: ReceiptIssuer = buildingIssuer,
): Promise<Buffer> {
  const words = receiptWords[language];
  const taka = (poisha: number) => formatTaka(poisha, language);
  const coupon: [string, string] = [
    words.coupon,
    paid.couponCode
      ? words.couponOff(
          paid.couponCode,
          `${formatDigits(paid.discount, language)}%`,
          taka(paymentDiscountPoisha(paid)),
        )
      : words.none,
  ];
  // Rent alone: the rent and its coupon. Itemised: each item as paid (the rent after its coupon).
  const paidFor: Array<[string, string]> = paid.items
    ? [
        ...paid.items.map((i): [string, string] => [itemWords(i, language), taka(i.amountPoisha)]),
        ...(paid.couponCode ? [coupon] : []),
      ]
    : [[words.rent, taka(paid.rentPoisha)], coupon];
  const rows: Array<[string, string]> = [
    [words.member, paid.name || paid.email],
    [words.email, paid.email],
    [words.apartment, words.apartmentAt(paid.apartment, paid.block, formatDigits(paid.floor, language))],
    [words.period, formatMonthYear(paid.month, paid.year, language)],
    ...paidFor,
    [words.method, words.card],
    [words.amountPaid, `${taka(paid.amountPoisha)} (BDT)`],
    [words.transactionId, paid.transactionId],
    [words.paidAt, formatDhakaTime(paid.paidAt, language)],
  ];
  return renderReceiptPage(words.rentReceipt, paid.transactionId, rows, issuer, language);
}

/** The receipt of money recorded at the desk, in `language`; a reversal says so. */
export function renderOfflineReceipt(
  recorded: EventData<'OfflinePaymentRecorded'>,
  reversed: EventData<'PaymentReversed'> | null,
  language: Language = 'en',
  issuer: ReceiptIssuer = buildingIssuer,
): Promise<Buffer> {
  const words = receiptWords[language];
  const rows: Array<[string, string]> = [
    [words.member, recorded.name || recorded.email],
    [words.email, recorded.email],
    [words.apartment, recorded.apartment],
    [words.period, formatMonthYear(recorded.month, recorded.year, language)],
    [words.method, words.methods[recorded.method]],
    [words.reference, recorded.reference],
    [words.amountPaid, `${formatTaka(recorded.amountPoisha, language)} (BDT)`],
    [words.paymentId, recorded.paymentId],
    [words.paidAt, formatDhakaTime(recorded.recordedAt, language)],
    ...(reversed
      ? [
          [words.reversed, `${formatDhakaTime(reversed.reversedAt, language)}: ${reversed.reason}`] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  return renderReceiptPage(words.paymentReceipt, recorded.paymentId, rows, issuer, language);
}
