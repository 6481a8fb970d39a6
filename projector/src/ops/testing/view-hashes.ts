import type { Knex } from 'knex';
import type { Projection } from '../../projection.ts';
import { liveTarget } from '../../projection-target.ts';
import { ident } from '../projections/swap-tables.ts';

/** Every live view table of the projections. */
export const liveTables = (projections: readonly Projection[]) =>
  projections.flatMap((p) => [...Object.values(liveTarget(p).tables), liveTarget(p).checkpoints]);

/** An order-independent digest of one table's rows, and its row count. */
export async function tableHash(db: Knex, table: string): Promise<{ hash: string; rows: number }> {
  const { rows } = await db.raw<{ rows: Array<{ hash: string; rows: string }> }>(
    `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash, count(*) as rows from ${ident(table)} t`,
  );
  return { hash: rows[0]!.hash, rows: Number(rows[0]!.rows) };
}

export async function viewHashes(db: Knex, tables: readonly string[]): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const table of tables) hashes[table] = (await tableHash(db, table)).hash;
  return hashes;
}

/** Tables a rebuild leaves behind only when it was interrupted. */
export async function leftoverTables(db: Knex): Promise<string[]> {
  const rows: Array<{ tablename: string }> = await db('pg_tables')
    .where('schemaname', 'public')
    .andWhere((q) => q.whereLike('tablename', '%\\_shadow\\_%').orWhereLike('tablename', '%\\_old\\_%'))
    .select('tablename');
  return rows.map((r) => r.tablename).sort();
}

/**
 * What the tables are made of beside their rows: each one's columns (type, collation, null or not,
 * default), its keys and its indexes, as Postgres describes them. (Not-null constraints, which
 * newer servers list by a name of their own, are in the columns.)
 */
export async function tableShapes(db: Knex, tables: readonly string[]): Promise<Record<string, string[]>> {
  const { rows } = await db.raw<{ rows: Array<{ table: string; part: string }> }>(
    `select table_name as table,
            concat_ws(' ', column_name, data_type, collation_name, is_nullable, column_default) as part
       from information_schema.columns where table_schema = 'public' and table_name = any(:names)
     union all
     select conrelid::regclass::text, concat_ws(' ', contype, conname, pg_get_constraintdef(oid))
       from pg_constraint where conrelid::regclass::text = any(:names) and contype <> 'n'
     union all
     select tablename, indexdef from pg_indexes where schemaname = 'public' and tablename = any(:names)`,
    { names: [...tables] },
  );
  const shapes: Record<string, string[]> = {};
  for (const { table, part } of rows) (shapes[table] ??= []).push(part);
  for (const parts of Object.values(shapes)) parts.sort();
  return shapes;
}
