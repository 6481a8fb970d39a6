/** One record of a CSV file: its cells by the header's names, and the line it starts on (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: Record<string, string>;
}

export interface CsvProblem {
  line: number;
  /** The header's name of the cell at fault, or '' for the record as a whole. */
  column: string;
  reason: string;
}

export interface CsvFile {
  header: string[];
  records: CsvRecord[];
  problems: CsvProblem[];
}

/**
 * Reads CSV as RFC 4180 has it (quoted cells may hold commas, doubled quotes and line breaks; CRLF
 * or LF; a leading BOM is dropped), the first record being the header. Blank lines are skipped. A
 * record whose cell count differs from the header's is a problem of its line, not a stop: the
 * caller reports every bad line at once.
 */
export function readCsv(text: string): CsvFile {
  const rows = splitRecords(text.replace(/^\uFEFF/, ''));
  const problems: CsvProblem[] = rows.flatMap((r) =>
    r.problem ? [{ line: r.line, column: '', reason: r.problem }] : [],
  );
  const [first, ...rest] = rows.filter((r) => !(r.cells.length === 1 && r.cells[0] === ''));
  const header = (first?.cells ?? []).map((h) => h.trim().toLowerCase());
  const records: CsvRecord[] = [];
  for (const row of rest) {
    if (row.problem) continue;
    if (row.cells.length !== header.length) {
      problems.push({
        line: row.line,
        column: '',
        reason: `${row.cells.length} cells where the header has ${header.length}`,
      });
      continue;
    }
    records.push({ line: row.line, cells: Object.fromEntries(header.map((h, i) => [h, row.cells[i]!])) });
  }
  return { header, records, problems: problems.sort((a, b) => a.line - b.line) };
}

interface RawRecord {
  line: number;
  cells: string[];
  problem?: string;
}

function splitRecords(text: string): RawRecord[] {
  const records: RawRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let problem: string | undefined;
    for (;;) {
      if (text[i] === '"' && cell === '') {
        // A quoted cell: up to the quote that is not doubled.
        i += 1;
        let closed = false;
        while (i < text.length) {
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i += 1;
            closed = true;
            break;
          }
          if (text[i] === '\n') line += 1;
          cell += text[i];
          i += 1;
        }
        if (!closed) problem = 'a quoted cell is not closed';
        else if (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n')
          problem = 'text after a closing quote';
      }
      while (
        i < text.length &&
        text[i] !== ',' &&
        text[i] !== '\n' &&
        !(text[i] === '\r' && text[i + 1] === '\n')
      ) {
        cell += text[i];
        i += 1;
      }
      cells.push(cell);
      cell = '';
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      // End of the record (a line break or the end of the text).
      if (text[i] === '\r') i += 1;
      if (text[i] === '\n') {
        i += 1;
        line += 1;
      }
      break;
    }
    records.push(problem ? { line: start, cells, problem } : { line: start, cells });
  }
  return records;
}
