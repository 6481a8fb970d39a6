import type { Row, RowChange } from '../../row-changes.ts';

/** A row change as spilled: its shape's number, then its values in the shape's column order. */
export type FlatChange = unknown[];

interface Shape {
  table: string;
  kind: 'insert' | 'upsert' | 'update';
  columns: string[];
  where: string[];
}

/**
 * Row changes without their column names, for the rebuild's spill files: a projection makes few
 * shapes of change (table, kind, columns), so each is numbered once and a change is spilled as
 * its shape's number and its values. Serializing an object writes every key again; an array of
 * values is about half the bytes and several times faster both ways.
 */
export class ChangeShapes {
  private readonly numbers = new Map<string, number>();
  private readonly shapes: Shape[] = [];

  flatten(change: RowChange): FlatChange {
    const kind = 'insert' in change ? 'insert' : 'upsert' in change ? 'upsert' : 'update';
    const row = (change as unknown as Record<typeof kind, Row>)[kind];
    const where = 'where' in change ? change.where : undefined;
    const columns = Object.keys(row);
    const whereColumns = where ? Object.keys(where) : [];
    const name = `${change.table}\u0000${kind}\u0000${columns.join(',')}\u0000${whereColumns.join(',')}`;
    let number = this.numbers.get(name);
    if (number === undefined) {
      number = this.shapes.length;
      this.shapes.push({ table: change.table, kind, columns, where: whereColumns });
      this.numbers.set(name, number);
    }
    const flat: FlatChange = [number];
    for (const column of columns) flat.push(row[column]);
    for (const column of whereColumns) flat.push(where![column]);
    return flat;
  }

  /** The change again, from `flat` starting at `at` (its shape's number). */
  restore(flat: readonly unknown[], at = 0): RowChange {
    const shape = this.shapes[flat[at] as number]!;
    let next = at + 1;
    const row: Row = {};
    for (const column of shape.columns) row[column] = flat[next++];
    if (shape.kind === 'update') {
      const where: Row = {};
      for (const column of shape.where) where[column] = flat[next++];
      return { table: shape.table, update: row, where };
    }
    return shape.kind === 'insert'
      ? { table: shape.table, insert: row }
      : { table: shape.table, upsert: row };
  }
}
