import type { Knex } from 'knex';

/** Advisory lock class of the projections: pg_advisory_xact_lock(class, hashtext(key)). */
const PROJECTION_LOCK_CLASS = 7231004;

/**
 * Every projector batch holds the shared lock of each projection it applies to, for the length of
 * its transaction; a rebuild's swap (infra/src/ops) holds it exclusively, so it waits for the
 * batches in flight and holds new ones off until the rebuilt tables and checkpoints are in place.
 * Shared holders never block each other (projector instances stay parallel); keys are taken in
 * name order, so two holders never deadlock on them.
 */
export async function holdProjections(
  trx: Knex.Transaction,
  keys: readonly string[],
  mode: 'shared' | 'exclusive',
): Promise<void> {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  for (const key of [...new Set(keys)].sort()) {
    await trx.raw(`select ${lock}(?, hashtext(?))`, [PROJECTION_LOCK_CLASS, key]);
  }
}
