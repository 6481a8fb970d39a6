import type { Knex } from 'knex';
import type { ProjectorLog } from './apply-events.ts';
import { rebuildProjections } from './ops/projections/rebuild-projections.ts';
import type { Projection } from './projection.ts';
import { liveTarget } from './projection-target.ts';
import { tableExists } from './projector-schema.ts';

/** One projector at a time builds the new views (the others wait, then find them built). */
const buildLock = 7231004;

/**
 * Builds, from the whole log, every view this projector has no tables for yet (a new projection, or
 * a new version of one, e.g. `rent_ledger_v3` beside `rent_ledger_v2`), before it goes live: the
 * live source resumes where the other views stand, and would give a new view only the events after
 * that. Nothing to do on a fresh database (every view new: the live source starts at the log's
 * beginning) or an empty log. Answers the views it built.
 */
export async function buildNewViews(
  db: Knex,
  projections: readonly Projection[],
  log: ProjectorLog,
): Promise<string[]> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [buildLock]);
    const missing: Projection[] = [];
    for (const projection of projections)
      if (!(await tableExists(trx, liveTarget(projection).checkpoints))) missing.push(projection);
    if (missing.length === 0 || missing.length === projections.length) return [];
    const { rows } = await trx.raw<{ rows: Array<{ logged: boolean }> }>(
      'select exists (select 1 from events) as logged',
    );
    if (!rows[0]?.logged) return [];
    const names = missing.map((p) => p.name);
    log(`building ${names.join(', ')} from the log: new view(s)`);
    await rebuildProjections(db, missing, { log });
    return names;
  });
}
