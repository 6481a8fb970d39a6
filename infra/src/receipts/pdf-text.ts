/**
 * The text shown on an uncompressed pdfkit page: pdfkit writes standard-font text as hex strings in
 * TJ arrays, so the hex runs are joined back into Latin-1 text (for tests and support tools).
 */
export function pdfPageText(pdf: Buffer): string {
  const hex = [...pdf.toString('latin1').matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!).join('');
  return Buffer.from(hex, 'hex').toString('latin1');
}
