import type { Knex } from 'knex';
import { createProjector } from '@building/projector/apply-events';
import { liveTarget } from '@building/projector/projection-target';
import { migrateProjector } from '@building/projector/projector-schema';
import { projections } from '@building/projector/projections/registry';
import {
  startOfLog,
  type PostgresEventStore,
  type TailCheckpoint,
} from '@building/infra/event-store/event-store';
import { readAhead } from '@building/infra/event-store/read-ahead';

/**
 * Builds every live view from the log with the projector's own code path (createProjector ->
 * project: decode, apply per projection, checkpoints, one transaction per page), reading the log
 * as the store tailer does (readProjectedAfter, the next page read while this one is projected),
 * as a projector starting on an existing log does. Returns the number of events projected.
 */
export async function catchUpViews(
  db: Knex,
  store: PostgresEventStore,
  options: { batchSize?: number; onPage?: (projected: number) => void; log?: (line: string) => void } = {},
): Promise<number> {
  const targets = projections.map(liveTarget);
  await migrateProjector(db, targets);
  const projector = createProjector({ db, targets, log: options.log });
  let projected = 0;
  // One page in flight while the next is decoded and planned (as the store tailer does behind the log).
  let previous: Promise<unknown> | undefined;
  const size = options.batchSize ?? 500;
  const read = (after: TailCheckpoint) => store.readProjectedAfter(after, size);
  for await (const { events: page } of readAhead(read, startOfLog)) {
    const current = projector.project(page, { after: previous });
    current.catch(() => {}); // awaited next round
    if (previous) await previous;
    previous = current;
    projected += page.length;
    options.onPage?.(projected);
  }
  await previous;
  return projected;
}

export async function parkedEvents(db: Knex): Promise<number> {
  const row = await db('parked_events').count<{ n: string }[]>('* as n').first();
  return Number(row?.n ?? 0);
}

/** Every projection this repository defines (the catch-up applies all of them). */
export const projectionCount = projections.length;
