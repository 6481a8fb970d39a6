import type { Knex } from 'knex';
import { ident, tableExists } from './swap-tables.ts';

/** A versioned projection name as defineProjection makes them (`apartments_v1`). */
export const projectionNamePattern = /^[a-z][a-z0-9_]*_v\d+$/;

/**
 * Drops a projection version that is no longer registered (the last step of switching to a new
 * version): its tables (`<name>_*`: rows, checkpoints, shadows) and its status and parked rows.
 * Returns the tables dropped.
 */
export async function retireProjection(db: Knex, name: string): Promise<string[]> {
  if (!projectionNamePattern.test(name)) throw new Error(`'${name}' is not a projection name`);
  return db.transaction(async (trx) => {
    const rows: Array<{ tablename: string }> = await trx('pg_tables')
      .where('schemaname', 'public')
      .whereLike('tablename', `${name.replaceAll('_', '\\_')}\\_%`)
      .select('tablename');
    const tables = rows.map((r) => r.tablename).sort();
    for (const table of tables) await trx.raw(`drop table ${ident(table)}`);
    for (const table of ['projection_status', 'parked_events']) {
      if (await tableExists(trx, table))
        await trx(table)
          .whereIn('projection', [name, `${name}_shadow`])
          .delete();
    }
    return tables;
  });
}
