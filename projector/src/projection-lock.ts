import type { Knex } from 'knex';

/** Advisory lock class of the projections: pg_advisory_xact_lock(class, hashtext(key)). */
const PROJECTION_LOCK_CLASS = 7231004;

/**
 * Every projector batch holds the shared lock of each projection it applies to, for the length of
 * its transaction; a rebuild's swap (infra/src/ops) holds it exclusively, so it waits for the
 * batches in flight and holds new ones off until the rebuilt tables and checkpoints are in place.
 * Shared holders never block each other (projector instances stay parallel); keys are taken in
 * one order (the database's, in one statement), so two holders never deadlock on them.
 */
export async function holdProjections(
  trx: Knex.Transaction,
  keys: readonly string[],
  mode: 'shared' | 'exclusive',
): Promise<void> {
  if (keys.length === 0) return;
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  // One round trip for all of them; a volatile function in the select list runs after the sort.
  await trx.raw(`select ${lock}(?, hashtext(key)) from unnest(?::text[]) as key order by key`, [
    PROJECTION_LOCK_CLASS,
    [...new Set(keys)],
  ]);
}
