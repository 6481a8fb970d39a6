import { queryFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export type StatementFormat = 'csv' | 'pdf';

/** The month's statement as CSV or PDF, in the reader's language, saved as statement-YYYY-MM.<format>. */
export async function downloadStatement(year: number, month: number, format: StatementFormat, lang: string) {
  const path =
    format === 'pdf'
      ? `/statements/monthly.pdf?year=${year}&month=${month}&lang=${lang}`
      : `/statements/monthly?year=${year}&month=${month}&format=csv&lang=${lang}`;
  saveFile(await queryFile(path), `statement-${year}-${String(month).padStart(2, '0')}.${format}`);
}
