import type { Knex } from 'knex';
import { copyRows } from '@building/infra/postgres/copy-rows';
import { tablesOf } from '../../projector-schema.ts';
import {
  checkpointSpec,
  createIndexesSql,
  createTableSql,
  ident,
  primaryKeySql,
  type TableSpec,
} from '../../table-spec.ts';
import { planWrite } from '../../write-batch.ts';
import {
  projectedColumns,
  rowToProjected,
  type ProjectedRow,
} from '@building/infra/event-store/row-to-envelope';
import type { ProjectorLog } from '../../view-batch.ts';
import type { ProjectionTarget } from '../../projection-target.ts';
import type { PartitionedFold } from './partitioned-fold.ts';
import { FoldAgain } from './streamed-inserts.ts';
import { toSteps } from './read-steps.ts';

/** Tables loaded at once, each on its own connection: Postgres then works on both cores. */
const parallelLoads = 2;

interface Load {
  spec: TableSpec;
  name: string;
  rows: Iterable<Record<string, unknown>>;
  size: number;
}

/**
 * The shadow tables, empty and without their keys (anew: an interrupted rebuild may have left
 * some), before the fold: the rows of tables of inserts only go in while the log is read.
 */
export async function createShadowTables(db: Knex, targets: readonly ProjectionTarget[]): Promise<void> {
  await db.transaction(async (trx) => {
    for (const { spec, name } of targets.flatMap(tablesOf)) {
      await trx.raw(`drop table if exists ${ident(name)}`);
      await trx.raw(createTableSql(spec, name, { primaryKey: false }));
    }
  });
}

/**
 * Writes a rebuild's fold into its shadow tables (`createShadowTables`) the fast way: COPYed
 * partition by partition (stream checkpoints as each stream partition is admitted, rows as each
 * key partition is folded; each partition is let go before the next, so memory holds one), then
 * given their keys and indexes, built once over all the rows (cheaper than keeping them up to
 * date row by row). A rebuild that fails leaves shadow tables behind, which the next one drops
 * first. The parked events and positions go in as the live projector would write them.
 * `streamed`: rows of tables of inserts only are in already (streamed-inserts.ts).
 */
export async function bulkLoadShadows(
  db: Knex,
  fold: PartitionedFold,
  log: ProjectorLog,
  streamed: boolean,
): Promise<{ rows: number }> {
  const tables = fold.views.flatMap((view) => tablesOf(view.target));
  let rows = 0;
  for (let partition = 0; partition < fold.partitions; partition++)
    rows += await loadCheckpoints(db, fold, partition, log);
  if (streamed && !fold.orderly) throw new FoldAgain('an event of the log did not apply in its place');
  for (let partition = 0; partition < fold.partitions; partition++)
    rows += await loadRows(db, fold, partition);
  await buildKeysAndIndexes(db, tables, streamed);
  await parkFetched(db, fold);
  await db.transaction((trx) => planWrite([], { bookkeeping: fold.views }).statement(trx));
  return { rows };
}

// One function call per partition: nothing of a partition is left referenced once it is loaded.

/** One stream partition's checkpoints, admitted, into every view's checkpoint table. */
function loadCheckpoints(db: Knex, fold: PartitionedFold, partition: number, log: ProjectorLog) {
  const versions = fold.admit(partition, log);
  return loadAll(
    db,
    fold.views.map((view) => {
      const streams = view.target.projection.model.categories.map((c) => versions.get(c) ?? new Map());
      return {
        spec: checkpointSpec,
        name: view.target.checkpoints,
        rows: (function* () {
          for (const map of streams) for (const [stream, version] of map) yield { stream, version };
        })(),
        size: streams.reduce((sum, map) => sum + map.size, 0),
      };
    }),
  );
}

/** One key partition's rows, folded, into their tables. */
function loadRows(db: Knex, fold: PartitionedFold, partition: number) {
  const folded = fold.rowsOf(partition);
  return loadAll(
    db,
    fold.views.flatMap((view, index) =>
      Object.entries(folded[index]!).map(([key, table]) => ({
        spec: table.spec,
        name: view.target.tables[key]!,
        rows: table.all(),
        size: table.size,
      })),
    ),
  );
}

/**
 * Every table's key and indexes, each index a job of its own, the biggest tables' first, two at a
 * time: built table by table, the journal's three (a million lines, last in the list) were built
 * one after another at the end while the other connection had nothing left to do. A key is built
 * as a unique index, which can be built beside the table's other indexes, and made the key after.
 */
async function buildKeysAndIndexes(
  db: Knex,
  tables: ReadonlyArray<{ spec: TableSpec; name: string }>,
  streamed: boolean,
): Promise<void> {
  const { rows: sizes } = await db.raw<{ rows: Array<{ name: string; bytes: string }> }>(
    `select name, pg_relation_size(quote_ident(name)::regclass)::text as bytes from unnest(?::text[]) as name`,
    [tables.map((t) => t.name)],
  );
  const bytes = new Map(sizes.map((s) => [s.name, Number(s.bytes)]));
  const keys = tables.map(({ spec, name }) => primaryKeySql(spec, name));
  const jobs = tables
    .flatMap(({ spec, name }, index) => [
      { sql: keys[index]!.index, name, spec, key: true },
      ...createIndexesSql(spec, name).map((sql) => ({ sql, name, spec, key: false })),
    ])
    .sort((a, b) => bytes.get(b.name)! - bytes.get(a.name)!);
  await twoAtATime(jobs, async ({ sql, name, spec, key }) => {
    try {
      await db.raw(sql);
    } catch (error) {
      const duplicate = (error as { code?: string }).code === '23505';
      if (key && streamed && spec.insertOnly && duplicate)
        throw new FoldAgain(`a key inserted twice into ${name}`);
      throw error;
    }
  });
  for (const { key } of keys) await db.raw(key);
}

/** The events parked as gaps, read again by id (the fold keeps only their place in the log). */
async function parkFetched(db: Knex, fold: PartitionedFold): Promise<void> {
  if (fold.parksToFetch.length === 0) return;
  const { rows } = await db.raw<{ rows: ProjectedRow[] }>(
    `select ${projectedColumns} from events where id = any(?::uuid[])`,
    [[...new Set(fold.parksToFetch.map((p) => p.id))]],
  );
  const events = new Map(rows.map((row) => [row.id, rowToProjected(row)]));
  for (const { view, id, error } of fold.parksToFetch) {
    const raw = events.get(id);
    fold.views[view]!.parks.push({ raw: raw ? (toSteps([raw])[0] ?? raw) : { id }, reason: 'gap', error });
  }
}

/** COPYs each load into its table, two at a time, biggest first: the two then end close together. */
async function loadAll(db: Knex, loads: Load[]): Promise<number> {
  let rows = 0;
  await twoAtATime(
    loads.filter((load) => load.size > 0).sort((a, b) => b.size - a.size),
    async (load) => {
      const columns = Object.keys(load.spec.columns);
      // Let go of the rows once loaded: the connection keeps its last query (and so this generator).
      let source: Iterable<Record<string, unknown>> | null = load.rows;
      await copyRows(db, {
        table: ident(load.name),
        columns,
        rows: (function* () {
          for (const row of source!) yield columns.map((c) => row[c]);
        })(),
      });
      source = null;
      // Not `rows += await ...`: that reads `rows` before the wait, losing the other load's count.
      rows += load.size;
    },
  );
  return rows;
}

/** Runs `work` on the items two at a time, in their order; after a failure no new item starts, and the first failure is thrown once both are done. */
async function twoAtATime<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const done = await Promise.allSettled(
    Array.from({ length: Math.min(parallelLoads, items.length) }, worker),
  );
  const failure = done.find((d) => d.status === 'rejected');
  if (failure) throw failure.reason;
}
