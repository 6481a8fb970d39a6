import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import { parseInput } from '@building/events/parse-input';
import { readModels } from '@building/events/read-models/all-read-models';
import { eventToApply, isApplied, type EventToApply } from '@building/infra/read-models/applied-position';
import type { ViewChanges } from '../live/view-changes.ts';

const header = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Read-your-writes (docs/architecture.md §6): with `X-Min-Position: N` the read waits, at most `maxWaitMs`,
 * until the event AT position N has been applied to the views (see hasApplied), then reads
 * past the cache (ctx.state.fresh). Every answer carries `X-Position`: the highest position applied.
 */
export function minPosition(deps: { db: Knex; changes: ViewChanges; maxWaitMs?: number }) {
  const maxWaitMs = deps.maxWaitMs ?? 2000;
  return async function readYourWrites(ctx: Context, next: Next) {
    const raw = ctx.get('X-Min-Position');
    let reached = 0;
    if (raw !== '') {
      const position = parseInput(header, raw, 'X-Min-Position');
      if (await waitUntilApplied(deps.db, deps.changes, position, maxWaitMs)) reached = position;
      ctx.state.fresh = true;
    }
    await next();
    // From the positions the view-change listener keeps (a cache hit touches no database); a
    // wait that saw its event applied may be ahead of the NOTIFY that will say so.
    ctx.set('X-Position', String(Math.max(knownPosition(deps.changes), reached)));
  };
}

/** The highest position the views are known to have applied (X-Position). */
export const knownPosition = (changes: ViewChanges): number =>
  Math.max(0, ...readModels.map((m) => changes.positionOf(m.view)));

/**
 * Resolves true once event `position` is applied, false when `maxWaitMs` passed first. The event
 * is looked up once; after that only a change to a view that must apply it wakes the wait (at 500
 * commands/s of other traffic, waking on every change re-ran the check several times per wait).
 */
export async function waitUntilApplied(
  db: Knex,
  changes: ViewChanges,
  position: number,
  maxWaitMs: number,
): Promise<boolean> {
  const deadline = Date.now() + maxWaitMs;
  let event: EventToApply | null = null;
  // Set by a change that lands while a check runs: that check may have read the state before it.
  let changed = false;
  let wake: (() => void) | null = null;
  const unsubscribe = changes.subscribe((change) => {
    if (event && !event.models.some((m) => m.view === change.view)) return;
    changed = true;
    wake?.();
  });
  try {
    for (;;) {
      changed = false;
      event ??= await eventToApply(db, position);
      if (event && (await isApplied(db, event))) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      if (changed) continue;
      // A view change wakes us at once; the short poll covers a NOTIFY that went missing.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    unsubscribe();
  }
}
