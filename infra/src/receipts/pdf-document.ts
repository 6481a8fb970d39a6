import PDFDocument from 'pdfkit';
import type { Language } from '@building/events/catalogue';
import { bengaliFonts, scriptRuns } from './receipt-fonts.ts';

export type Doc = InstanceType<typeof PDFDocument>;

/** Who issues a document: the building as the site shows it in its footer. */
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

/** Writes a line in its scripts' fonts, at (x, y) when given, wrapped at `width`. */
export function write(
  doc: Doc,
  text: string,
  {
    bold = false,
    x,
    y,
    width,
    align,
  }: { bold?: boolean; x?: number; y?: number; width?: number; align?: 'left' | 'right' },
) {
  const runs = scriptRuns(text);
  runs.forEach((run, i) => {
    doc.font(run.bengali ? (bold ? 'bengali-bold' : 'bengali') : bold ? 'Helvetica-Bold' : 'Helvetica');
    const options = { width, align, continued: i < runs.length - 1 };
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
}

/**
 * A one-page document in the reader's language, headed by the issuer and a title; `draw` writes
 * the rest. The Bengali font is embedded (only the glyphs used), so it reads the same on a device
 * without one. Streams are left uncompressed: the page is small, and its text stays searchable
 * (and testable).
 */
export function renderPage(
  options: { size: 'A4' | 'A5'; title: string; id: string; issuer: ReceiptIssuer; language: Language },
  draw: (doc: Doc) => void,
): Promise<Buffer> {
  const { size, title, id, issuer, language } = options;
  const doc = new PDFDocument({
    size,
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
  draw(doc);
  doc.end();
  return done;
}
