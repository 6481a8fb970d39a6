import type { Knex } from 'knex';
import { copyRows } from '@building/infra/postgres/copy-rows';
import type { ProjectionTarget } from '../../projection-target.ts';
import type { Row } from '../../row-changes.ts';
import { defaultRow, ident } from '../../table-spec.ts';
import type { InsertSink } from './partitioned-fold.ts';

/** Rows buffered per table before they go in as one COPY. */
const rowsPerCopy = 10_000;
/** COPYs waiting behind the one running before the fold waits for them (memory stays bounded). */
const copiesQueued = 2;

interface Buffer {
  name: string;
  columns: string[];
  defaults: Row;
  rows: unknown[][];
}

/**
 * Where a rebuild's first pass sends the rows of tables of inserts only (`TableSpec.insertOnly`):
 * straight into their shadow tables by COPY while the log is still being read, one COPY after
 * another on one connection. Such a row needs no fold (nothing else names its key), so spilling
 * it to a partition and folding it there only cost time: in a rebuild of the resident-account log
 * they are two thirds of the rows. Their events are taken to apply; a log where one does not
 * (a gap, a redelivery) or a key inserted twice makes the rebuild fold again with every row
 * spilled (see rebuild-projections.ts).
 */
export class StreamedInserts implements InsertSink {
  /** Rows handed to COPY so far. */
  rows = 0;
  private readonly db: Knex;
  /** Per view (by its index), per table of inserts only. */
  private readonly buffers: Array<Map<string, Buffer>>;
  private readonly copies: Array<Promise<void>> = [];
  private failure: { error: unknown } | null = null;

  constructor(db: Knex, targets: readonly ProjectionTarget[]) {
    this.db = db;
    this.buffers = targets.map(
      (target) =>
        new Map(
          Object.entries(target.projection.tables)
            .filter(([, spec]) => spec.insertOnly)
            .map(([key, spec]) => [
              key,
              {
                name: target.tables[key]!,
                columns: Object.keys(spec.columns),
                defaults: defaultRow(spec),
                rows: [],
              },
            ]),
        ),
    );
  }

  /**
   * A row inserted into the table `key` (of inserts only) of the view at index `view`: columns
   * it does not name take their defaults, as the fold's insert does.
   */
  add(view: number, key: string, row: Row): void {
    const buffer = this.buffers[view]!.get(key)!;
    buffer.rows.push(buffer.columns.map((c) => (c in row ? row[c] : buffer.defaults[c])));
    if (buffer.rows.length >= rowsPerCopy) this.copy(buffer);
  }

  /** Waits while too many COPYs are queued; throws the first COPY's failure. */
  async ready(): Promise<void> {
    while (this.copies.length > copiesQueued) await this.copies.shift();
    if (this.failure) throw this.failure.error;
  }

  /** COPYs what is left and waits for every COPY. */
  async finish(): Promise<void> {
    for (const tables of this.buffers)
      for (const buffer of tables.values()) if (buffer.rows.length > 0) this.copy(buffer);
    await Promise.all(this.copies.splice(0));
    if (this.failure) throw this.failure.error;
  }

  private copy(buffer: Buffer): void {
    const rows = buffer.rows;
    buffer.rows = [];
    this.rows += rows.length;
    const previous = this.copies.at(-1) ?? Promise.resolve();
    this.copies.push(
      previous
        .then(() => {
          if (!this.failure)
            return copyRows(this.db, { table: ident(buffer.name), columns: buffer.columns, rows });
        })
        .catch((error: unknown) => {
          this.failure ??= { error };
        }),
    );
  }
}

/**
 * The rows streamed in pass 1 were taken to apply, and each key to be inserted once: a log where
 * that is not so is folded again with every row spilled (rebuild-projections.ts).
 */
export class FoldAgain extends Error {}
