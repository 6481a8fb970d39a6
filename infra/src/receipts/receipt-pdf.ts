import PDFDocument from 'pdfkit';
import type { EventData } from '@building/events/catalogue';
import { formatTaka } from './format-taka.ts';

/** Who issues the receipt: the building as the site shows it in its footer. */
export interface ReceiptIssuer {
  name: string;
  address: string[];
}

export const buildingIssuer: ReceiptIssuer = {
  name: 'Gulshan Heights',
  address: ['House 27, Road 113, Gulshan 2', 'Dhaka 1212, Bangladesh'],
};

/** `2026-03-05 10:00:00 UTC`, the spec's payment time format. */
export const utcTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/**
 * A one-page receipt: the issuer, a title, then label/value rows. Amounts read 'Tk' because
 * pdfkit's standard fonts have no Taka sign and no font with one ships with our dependencies.
 * Streams are left uncompressed: the page is tiny, and its text stays searchable (and testable).
 */
function renderReceiptPage(
  title: string,
  id: string,
  rows: Array<[string, string]>,
  issuer: ReceiptIssuer,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 40,
    compress: false,
    info: { Title: `${title} ${id}`, Author: issuer.name, Subject: title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text(issuer.name);
  doc.font('Helvetica').fontSize(9).fillColor('#555');
  for (const line of issuer.address) doc.text(line);
  doc.moveDown(1.5).fillColor('#000').font('Helvetica-Bold').fontSize(14).text(title);
  doc.moveDown(0.5);
  doc.fontSize(10);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 40, y, { width: 110 });
    doc.font('Helvetica').text(value, 150, y, { width: 230 });
    doc.moveDown(0.4);
  }
  doc
    .moveDown(2)
    .fontSize(8)
    .fillColor('#555')
    .text('Thank you. This receipt was issued electronically.', 40);
  doc.end();
  return done;
}

/** The receipt of a card payment: the rent, its coupon, and what else the payment itemised. */
export function renderReceipt(
  paid: EventData<'RentPaid'>,
  issuer: ReceiptIssuer = buildingIssuer,
): Promise<Buffer> {
  const discountPoisha =
    paid.rentPoisha - (paid.items?.find((i) => i.kind === 'rent')?.amountPoisha ?? paid.amountPoisha);
  const rows: Array<[string, string]> = [
    ['Member', paid.name || paid.email],
    ['Email', paid.email],
    ['Apartment', `${paid.apartment}, block ${paid.block}, floor ${paid.floor}`],
    ['Period', `${paid.month} ${paid.year}`],
    ['Rent', formatTaka(paid.rentPoisha)],
    [
      'Coupon',
      paid.couponCode
        ? `${paid.couponCode} (${paid.discount}% off: - ${formatTaka(discountPoisha)})`
        : 'none',
    ],
    ...(paid.items ?? [])
      .filter((i) => i.kind !== 'rent')
      .map((i): [string, string] => [i.description || i.kind, formatTaka(i.amountPoisha)]),
    ['Method', 'card'],
    ['Amount paid', `${formatTaka(paid.amountPoisha)} (BDT)`],
    ['Transaction ID', paid.transactionId],
    ['Paid at', utcTime(paid.paidAt)],
  ];
  return renderReceiptPage('Rent receipt', paid.transactionId, rows, issuer);
}

const methodNames = { cash: 'cash', bank: 'bank transfer', bkash: 'bKash', nagad: 'Nagad' } as const;

/** The receipt of money recorded at the desk: the method and its reference; a reversal says so. */
export function renderOfflineReceipt(
  recorded: EventData<'OfflinePaymentRecorded'>,
  reversed: EventData<'PaymentReversed'> | null,
  issuer: ReceiptIssuer = buildingIssuer,
): Promise<Buffer> {
  const rows: Array<[string, string]> = [
    ['Member', recorded.name || recorded.email],
    ['Email', recorded.email],
    ['Apartment', recorded.apartment],
    ['Period', `${recorded.month} ${recorded.year}`],
    ['Method', methodNames[recorded.method]],
    ['Reference', recorded.reference],
    ['Amount paid', `${formatTaka(recorded.amountPoisha)} (BDT)`],
    ['Payment ID', recorded.paymentId],
    ['Paid at', utcTime(recorded.recordedAt)],
    ...(reversed
      ? [['Reversed', `${utcTime(reversed.reversedAt)}: ${reversed.reason}`] as [string, string]]
      : []),
  ];
  return renderReceiptPage('Payment receipt', recorded.paymentId, rows, issuer);
}
