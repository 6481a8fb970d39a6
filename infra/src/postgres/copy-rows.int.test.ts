import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { copyRows } from './copy-rows.ts';

describe('copyRows', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('copy');
  });
  afterAll(() => test.drop());

  it('loads every kind of value as written, separators and backslashes included', async () => {
    const rows = [
      [1, 'plain', 7, true, new Date('2026-03-01T10:00:00.000Z'), { kind: 'a\tb' }],
      [2, 'tab\there, line\nthere, return\rand a \\ backslash \\N', -1.5, false, null, null],
      [3, '', 0, null, null, []],
    ] as const;
    await copyRows(test.db, {
      table: 'copied',
      columns: ['id', 'text', 'n', 'flag', 'at', 'doc'],
      before: ['create table copied (id int, text text, n float8, flag boolean, at timestamptz, doc jsonb)'],
      rows,
    });
    const back = await test.db('copied').orderBy('id');
    expect(back.map((r) => [r.id, r.text, r.n, r.flag, r.at, r.doc])).toEqual(rows.map((row) => [...row]));
  });
});
