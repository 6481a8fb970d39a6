import PDFDocument from 'pdfkit';
import type { EventData, Language } from '@building/events/catalogue';
import { formatDhakaTime, formatDigits, formatMonthYear, formatTaka } from './format-for-reader.ts';
import { bengaliFonts, scriptRuns } from './receipt-fonts.ts';
import { receiptWords } from './receipt-words.ts';
import { paymentDiscountPoisha } from '@building/events/account/card-credit';

/** Who issues the receipt: the building as the site shows it in its footer. */
export interface ReceiptIssuer {
  name: string;
  address: Record<Language, string[]>;
}

export const buildingIssuer: ReceiptIssuer = {
  name: 'Gulshan Heights',
  address: {
    en: ['House 27, Road 113, Gulshan 2', 'Dhaka 1212, Bangladesh'],
    bn: ['বাড়ি ২৭, রোড ১১৩, গুলশান ২', 'ঢাকা ১২১২, বাংলাদেশ'],
  },
};

type Doc = InstanceType<typeof PDFDocument>;

/** Writes a line in its scripts' fonts, at (x, y) when given, wrapped at `width`. */
function write(
  doc: Doc,
  text: string,
  { bold = false, x, y, width }: { bold?: boolean; x?: number; y?: number; width?: number },
) {
  const runs = scriptRuns(text);
  runs.forEach((run, i) => {
    doc.font(run.bengali ? (bold ? 'bengali-bold' : 'bengali') : bold ? 'Helvetica-Bold' : 'Helvetica');
    const options = { width, continued: i < runs.length - 1 };
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
}

/**
 * A one-page receipt in the reader's language: the issuer, a title, then label/value rows. The
 * Bengali font is embedded (only the glyphs used), so it reads the same on a device without one.
 * Streams are left uncompressed: the page is tiny, and its text stays searchable (and testable).
 */
function renderReceiptPage(
  title: string,
  id: string,
  rows: Array<[string, string]>,
  issuer: ReceiptIssuer,
  language: Language,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 40,
    compress: false,
    lang: language,
    info: { Title: `${title} ${id}`, Author: issuer.name, Subject: title },
  });
  const fonts = bengaliFonts();
  doc.registerFont('bengali', fonts.regular);
  doc.registerFont('bengali-bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(18);
  write(doc, issuer.name, { bold: true });
  doc.fontSize(9).fillColor('#555');
  for (const line of issuer.address[language]) write(doc, line, {});
  doc.moveDown(1.5).fillColor('#000').fontSize(14);
  write(doc, title, { bold: true });
  doc.moveDown(0.5).fontSize(10);
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
  doc.end();
  return done;
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
        ...paid.items.map((i): [string, string] => [
          i.kind === 'charge' && i.description ? i.description : words.items[i.kind],
          taka(i.amountPoisha),
        ]),
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
