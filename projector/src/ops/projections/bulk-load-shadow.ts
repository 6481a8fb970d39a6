import type { Knex } from 'knex';
import { copyRows } from '@building/infra/postgres/copy-rows';
import { tablesOf } from '../../projector-schema.ts';
import { addPrimaryKeySql, createIndexesSql, createTableSql, ident } from '../../table-spec.ts';
import type { ViewBatch } from '../../view-batch.ts';
import { writeBatch } from '../../write-batch.ts';

/**
 * Writes a rebuild's folded view (every row in memory) into its shadow tables the fast way:
 * unlogged tables without keys, COPY, then the keys and indexes built once over the loaded rows,
 * then switched to logged so they survive a crash once swapped in. The parked events and the
 * position go in as the live projector would write them.
 */
export async function bulkLoadShadow(db: Knex, view: ViewBatch): Promise<{ rows: number }> {
  const target = view.target;
  const contents = new Map<string, Iterable<Record<string, unknown>>>(
    Object.entries(view.tables).map(([key, rows]) => [target.tables[key]!, rows.all()]),
  );
  contents.set(
    target.checkpoints,
    [...view.versions].map(([stream, version]) => ({ stream, version })),
  );
  let rows = 0;
  for (const { spec, name } of tablesOf(target)) {
    await db.raw(`drop table if exists ${ident(name)}`);
    await db.raw(createTableSql(spec, name, { unlogged: true, primaryKey: false }));
    const columns = Object.keys(spec.columns);
    await copyRows(db, {
      table: ident(name),
      columns,
      rows: (function* () {
        for (const row of contents.get(name) ?? []) {
          rows += 1;
          yield columns.map((c) => row[c]);
        }
      })(),
    });
    await db.raw(addPrimaryKeySql(spec, name));
    for (const sql of createIndexesSql(spec, name)) await db.raw(sql);
    await db.raw(`alter table ${ident(name)} set logged`);
    await db.raw(`analyze ${ident(name)}`);
  }
  await db.transaction((trx) => writeBatch(trx, [view], { bookkeepingOnly: true }));
  return { rows };
}
