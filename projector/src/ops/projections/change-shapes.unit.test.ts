import { describe, expect, it } from 'vitest';
import type { RowChange } from '../../row-changes.ts';
import { ChangeShapes } from './change-shapes.ts';

describe('row changes flattened by shape', () => {
  const changes: RowChange[] = [
    { table: 'lines', insert: { id: 'a', amount: 10, memo: null } },
    { table: 'lines', insert: { id: 'b', amount: 20, memo: 'rent' } },
    // The same columns in another order, fewer columns, another kind or table: shapes of their own.
    { table: 'lines', insert: { amount: 30, id: 'c', memo: undefined } },
    { table: 'lines', insert: { id: 'd', amount: 40 } },
    { table: 'lines', upsert: { id: 'a', amount: 11, memo: 'x' } },
    { table: 'months', upsert: { id: 'a', amount: 12, memo: 'y' } },
    { table: 'lines', update: { memo: 'z' }, where: { id: 'a' } },
    { table: 'lines', update: { memo: 'z' }, where: { email: 'e@x.test', ended_at: null } },
    { table: 'lines', update: { memo: 'w' }, where: { email: 'f@x.test' } },
  ];

  it('gives every change back as it was, after what the caller put before it', () => {
    const shapes = new ChangeShapes();
    const flat = changes.map((change, seq) => {
      const spilled: unknown[] = [seq, 'view'];
      shapes.flattenInto(change, spilled);
      return spilled;
    });
    expect(flat.map((spilled) => shapes.restore(spilled, 2))).toEqual(changes);
    // Keys in their order, undefined values kept (as the fold would have seen them).
    expect(Object.keys(shapes.restore(flat[2]!, 2))).toEqual(['table', 'insert']);
    expect(Object.entries((shapes.restore(flat[2]!, 2) as { insert: object }).insert)).toEqual([
      ['amount', 30],
      ['id', 'c'],
      ['memo', undefined],
    ]);
  });

  it('numbers each shape once, and tells apart shapes that differ in table, kind, columns or their order', () => {
    const shapes = new ChangeShapes();
    const numbers = changes.map((change) => {
      const spilled: unknown[] = [];
      shapes.flattenInto(change, spilled);
      return spilled[0];
    });
    expect(numbers).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
