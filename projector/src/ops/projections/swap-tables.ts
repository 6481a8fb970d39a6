import type { Knex } from 'knex';

/** Quotes an identifier for SQL (names here come from code, but quoting costs nothing). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function tableExists(db: Knex, table: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: Array<{ oid: string | null }> }>('select to_regclass(?) as oid', [
    ident(table),
  ]);
  return rows[0]?.oid !== null && rows[0]?.oid !== undefined;
}

/**
 * Inside the caller's transaction: live -> old, shadow -> live, drop old, then gives the shadow's
 * indexes and sequences the live names (index names start with their table's name), so the next
 * rebuild's shadow and the projector's `create index if not exists` find the names they expect.
 * Readers of the live table wait on the rename's lock and then read the new table: never a
 * missing or half-filled one.
 */
export async function swapTable(trx: Knex.Transaction, names: { live: string; shadow: string; old: string }) {
  await trx.raw(`drop table if exists ${ident(names.old)}`);
  const hadLive = await tableExists(trx, names.live);
  if (hadLive) await trx.raw(`alter table ${ident(names.live)} rename to ${ident(names.old)}`);
  await trx.raw(`alter table ${ident(names.shadow)} rename to ${ident(names.live)}`);
  if (hadLive) await trx.raw(`drop table ${ident(names.old)}`);
  const { rows } = await trx.raw<{ rows: Array<{ name: string; kind: string }> }>(
    `select c.relname as name, c.relkind as kind from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ?::regclass
     union
     select c.relname, c.relkind from pg_depend d join pg_class c on c.oid = d.objid
      where d.refobjid = ?::regclass and d.classid = 'pg_class'::regclass and c.relkind = 'S'`,
    [ident(names.live), ident(names.live)],
  );
  for (const { name, kind } of rows) {
    if (!name.startsWith(names.shadow)) continue;
    const renamed = names.live + name.slice(names.shadow.length);
    const what = kind === 'S' ? 'sequence' : 'index';
    await trx.raw(`alter ${what} ${ident(name)} rename to ${ident(renamed)}`);
  }
}
