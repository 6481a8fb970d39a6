import type { MonthStatement } from '@building/events/books/statement';
import { monthNames, type Language } from '@building/events/catalogue';
import { formatDigits, formatMonthYear, formatTaka } from '../receipts/format-for-reader.ts';
import { buildingIssuer, renderPage, write, type ReceiptIssuer } from '../receipts/pdf-document.ts';
import { statementRows } from './statement-rows.ts';
import { statementWords } from './statement-words.ts';

/**
 * The month's statement on one A4 page for the owners' meeting, in `language`: income by kind,
 * expenses by category, the net, then billed against collected, what residents owe and the
 * deposits held; taka written as the UI writes them.
 */
export function renderStatement(
  statement: MonthStatement,
  language: Language = 'en',
  issuer: ReceiptIssuer = buildingIssuer,
): Promise<Buffer> {
  const w = statementWords[language];
  const year = Number(statement.month.slice(0, 4));
  const month = monthNames[Number(statement.month.slice(5, 7)) - 1]!;
  const title = `${w.title}: ${formatMonthYear(month, year, language)}`;
  return renderPage({ size: 'A4', title, id: statement.month, issuer, language }, (doc) => {
    let section = '';
    for (const row of statementRows(statement, language)) {
      if (row.section !== section) {
        section = row.section;
        doc.moveDown(0.6).fontSize(12);
        write(doc, section, { bold: true, x: 40, y: doc.y });
        doc.fontSize(10).moveDown(0.2);
      }
      const amount =
        row.poisha !== null
          ? formatTaka(row.poisha, language)
          : row.percent == null
            ? '-'
            : `${formatDigits(row.percent, language)}%`;
      const y = doc.y;
      write(doc, row.item, { bold: row.total, x: 56, y, width: 300 });
      const itemEnd = doc.y;
      write(doc, amount, { bold: row.total, x: 360, y, width: 195, align: 'right' });
      doc.y = Math.max(doc.y, itemEnd);
      doc.moveDown(0.15);
    }
    doc.moveDown(2).fontSize(8).fillColor('#555');
    write(doc, w.footer, { x: 40, y: doc.y });
  });
}
