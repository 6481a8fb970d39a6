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
