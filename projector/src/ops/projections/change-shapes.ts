import type { Row, RowChange } from '../../row-changes.ts';

/** A row change as spilled: its shape's number, then its values in the shape's column order. */
export type FlatChange = unknown[];

type Kind = 'insert' | 'upsert' | 'update';

interface Shape {
  number: number;
  table: string;
  kind: Kind;
  columns: string[];
  where: string[];
}

/** Whether `row` has exactly these columns, in this order (no array of its keys is made). */
function hasColumns(row: Row | undefined, columns: readonly string[]): boolean {
  let at = 0;
  if (row) for (const column in row) if (columns[at++] !== column) return false;
  return at === columns.length;
}

/**
 * Row changes without their column names, for the rebuild's spill files: a projection makes few
 * shapes of change (table, kind, columns), so each is numbered once and a change is spilled as
 * its shape's number and its values. Serializing an object writes every key again; an array of
 * values is about half the bytes and several times faster both ways. A change's shape is found
 * among the few its table and kind already have by comparing column names in place: naming the
 * shape as a string for every change cost more than the rest of the flattening.
 */
export class ChangeShapes {
  private readonly byTable = new Map<string, Record<Kind, Shape[]>>();
  private readonly shapes: Shape[] = [];

  /** Appends `change`, flattened, to `flat` (the caller's array, which may start with its own values). */
  flattenInto(change: RowChange, flat: unknown[]): void {
    const kind: Kind = 'insert' in change ? 'insert' : 'upsert' in change ? 'upsert' : 'update';
    const row = (change as unknown as Record<Kind, Row>)[kind];
    const where = 'where' in change ? change.where : undefined;
    const shape = this.shapeOf(change.table, kind, row, where);
    flat.push(shape.number);
    for (const column of shape.columns) flat.push(row[column]);
    for (const column of shape.where) flat.push(where![column]);
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

  private shapeOf(table: string, kind: Kind, row: Row, where: Row | undefined): Shape {
    let kinds = this.byTable.get(table);
    if (!kinds) this.byTable.set(table, (kinds = { insert: [], upsert: [], update: [] }));
    const known = kinds[kind];
    for (const shape of known)
      if (hasColumns(row, shape.columns) && hasColumns(where, shape.where)) return shape;
    const shape: Shape = {
      number: this.shapes.length,
      table,
      kind,
      columns: Object.keys(row),
      where: where ? Object.keys(where) : [],
    };
    this.shapes.push(shape);
    known.push(shape);
    return shape;
  }
}
