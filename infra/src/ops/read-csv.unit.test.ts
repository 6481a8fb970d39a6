import { describe, expect, it } from 'vitest';
import { readCsv } from './read-csv.ts';

describe('reading CSV', () => {
  it('names each cell by the header and each record by the line it starts on', () => {
    const file = readCsv('\uFEFFSi,Name\r\n1,"Mina, ""M"""\r\n\r\n2,"two\nlines"\n3,plain\n');
    expect(file.header).toEqual(['si', 'name']);
    expect(file.records).toEqual([
      { line: 2, cells: { si: '1', name: 'Mina, "M"' } },
      { line: 4, cells: { si: '2', name: 'two\nlines' } },
      { line: 6, cells: { si: '3', name: 'plain' } },
    ]);
    expect(file.problems).toEqual([]);
  });

  it('reports every malformed line and keeps reading', () => {
    const file = readCsv('a,b\n1\n2,"x"y\n3,4\n5,"open\n');
    expect(file.records).toEqual([{ line: 4, cells: { a: '3', b: '4' } }]);
    expect(file.problems).toEqual([
      { line: 2, column: '', reason: '1 cells where the header has 2' },
      { line: 3, column: '', reason: 'text after a closing quote' },
      { line: 5, column: '', reason: 'a quoted cell is not closed' },
    ]);
  });
});
