import type { Knex } from 'knex';
import { applyBatch, type ProjectorLog } from '../../apply-events.ts';
import { bulkLoadShadows, createShadowTables } from './bulk-load-shadow.ts';
import { FoldAgain, StreamedInserts } from './streamed-inserts.ts';
import { PartitionedFold } from './partitioned-fold.ts';
import type { Projection } from '../../projection.ts';
import { checkpointTable, tableNames } from '@building/events/read-models/read-model';
import { holdProjections } from '../../projection-lock.ts';
import { liveTarget, shadowTarget, type ProjectionTarget } from '../../projection-target.ts';
import { migrateProjector } from '../../projector-schema.ts';
import { VIEWS_CHANGED_CHANNEL } from '@building/events/read-models/view-changes';
import { notifyPayloads } from '../../notify-payloads.ts';
import { startOfLog, type TailCheckpoint } from '@building/infra/event-store/event-store';
import type { ReplayProgress } from '@building/infra/ops/replay-source';
import { logBound, readBelow } from './read-below.ts';
import { readSteps, toSteps } from './read-steps.ts';
import { ident, swapTable, tableExists } from './swap-tables.ts';

/**
 * Events a read of the log takes: a page is held from its rows' arrival to its hand-over, and pages
 * of 5,000 (about 5 MB of objects) outlived the reader thread's young generation, so each was
 * promoted and collected again as old. With pages of 1,000 a million events took 2 - 9 s less CPU
 * in alternating runs, and 40 - 50 MB less memory (500 and 250 were no better).
 */
export const readPageSize = 1000;

/** The projector's per-projection bookkeeping rows, keyed by the `projection` column. */
const checkpointTables = ['projection_status', 'parked_events'] as const;

export interface RebuildOptions {
  /** Events per catch-up batch in the swap. */
  batchSize?: number;
  progress?: ReplayProgress;
  log?: ProjectorLog;
  /** How long the swap waits for a lock (live batches, long reads) before it rolls back and retries. */
  lockTimeoutMs?: number;
  swapAttempts?: number;
  /**
   * Events of the log per partition of the rows (see partitioned-fold.ts): memory holds one
   * partition's rows at a time, so a longer log makes more partitions, not a bigger one.
   */
  eventsPerPartition?: number;
  /** Test seam: runs after the replay, before the swap transaction. */
  beforeSwap?: () => Promise<void>;
}

export interface RebuildResult {
  projections: string[];
  /** Events replayed before the swap, and caught up inside it. */
  replayed: number;
  caughtUp: number;
  /** Each rebuilt projection's position after the swap. */
  positions: Record<string, number>;
}

interface Pair {
  projection: Projection;
  live: ProjectionTarget;
  shadow: ProjectionTarget;
  old: Record<string, string>;
}

/**
 * Rebuilds projections from the start of the log without disturbing the live views:
 * 1. drops what an interrupted rebuild left (shadow tables and checkpoint rows);
 * 2. folds the whole log in memory with the projector's own fold (same accept / skip / park per
 *    stream) while the live projector goes on, then bulk-loads the shadow tables
 *    (`<name>_shadow_<table>`, checkpoints included) with COPY, keys and indexes built after;
 * 3. in ONE transaction: takes the projections' exclusive lock (the live projector's batches hold
 *    it shared, so they finish first and new ones wait), catches the shadows up to the end of the
 *    log as of that moment (everything the live views hold), swaps the tables (live -> old, shadow -> live, drop old) and replaces the live
 *    checkpoint rows with the shadow's. A crash before the commit leaves the live views as they
 *    were; running the rebuild again starts over.
 */
export async function rebuildProjections(
  db: Knex,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const batchSize = options.batchSize ?? 500;
  const log = options.log ?? ((line) => console.warn(`[rebuild] ${line}`));
  const pairs: Pair[] = projections.map((projection) => ({
    projection,
    live: liveTarget(projection),
    shadow: shadowTarget(projection),
    old: {
      ...tableNames(projection.model, `${projection.name}_old`),
      streams: checkpointTable(projection.model, `${projection.name}_old`),
    },
  }));
  const shadows = pairs.map((p) => p.shadow);

  await dropLeftovers(db, pairs);
  // The live views, when missing: a rebuild on an empty database creates them. (The shadow tables
  // are made by the fold, without their keys: createShadowTables.)
  await migrateProjector(
    db,
    pairs.map((p) => p.live),
  );

  const [counted] = await db('events').count<{ n: string }[]>('* as n');
  const events = Number(counted?.n ?? 0);
  let folded: { replayed: number; checkpoint: TailCheckpoint } | undefined;
  for (const streamInserts of [true, false]) {
    try {
      folded = await foldIntoShadows(db, shadows, events, { ...options, batchSize, log }, streamInserts);
      break;
    } catch (error) {
      if (!(streamInserts && error instanceof FoldAgain)) throw error;
      log(`${error.message}: folding the log again, every row by its key`);
    }
  }
  const { replayed, checkpoint } = folded!;

  await options.beforeSwap?.();
  for (let attempt = 1; ; attempt++) {
    try {
      const swapped = await swapIn(db, pairs, checkpoint, { ...options, batchSize, log });
      return { projections: projections.map((p) => p.name), replayed, ...swapped };
    } catch (error) {
      const code = (error as { code?: string }).code;
      const retryable = code === '55P03' || code === '40P01'; // lock timeout, deadlock
      if (!retryable || attempt >= (options.swapAttempts ?? 5)) throw error;
      log(`swap attempt ${attempt} could not take its locks in time (${code}); trying again`);
    }
  }
}

/**
 * Folds the whole log into the shadow tables (see partitioned-fold.ts, bulk-load-shadow.ts). With
 * `streamInserts`, rows of tables of inserts only are COPYed as the log is read (streamed-inserts.ts).
 */
async function foldIntoShadows(
  db: Knex,
  shadows: readonly ProjectionTarget[],
  events: number,
  options: RebuildOptions & { batchSize: number; log: ProjectorLog },
  streamInserts: boolean,
): Promise<{ replayed: number; checkpoint: TailCheckpoint }> {
  await createShadowTables(db, shadows);
  const started = performance.now();
  const cpuBefore = process.threadCpuUsage();
  const inserts = streamInserts ? new StreamedInserts(db, shadows) : undefined;
  // Nothing to load from the shadow tables (they start empty): rows are spilled by key, then each
  // partition is folded and written on its own.
  const fold = new PartitionedFold(
    shadows,
    Math.max(1, Math.ceil(events / (options.eventsPerPartition ?? defaultEventsPerPartition))),
    inserts,
  );
  options.progress?.start(events);
  let checkpoint: TailCheckpoint = startOfLog;
  let replayed = 0;
  try {
    // Rounds up to the log's end as it was when each began, until a round finds little new (or a
    // few rounds under a steady stream of commands): the swap catches up the rest while the live
    // projector waits, so keep that short.
    for (let rounds = 1; ; rounds++) {
      const bound = await logBound(db);
      let round = 0;
      // Read and decoded on another thread while this one folds.
      for await (const page of readSteps(db, checkpoint, bound, readPageSize)) {
        for (const step of page.steps) fold.spill(step);
        await inserts?.ready();
        checkpoint = page.checkpoint;
        round += page.events;
        options.progress?.advance(page.events);
      }
      replayed += round;
      if (round <= options.batchSize || rounds >= 4) break;
    }
    await inserts?.finish();
  } catch (error) {
    fold.remove();
    throw error;
  } finally {
    options.progress?.stop();
  }
  const spilled = performance.now();
  const foldCpu = process.threadCpuUsage(cpuBefore);
  try {
    const loaded = await bulkLoadShadows(db, fold, options.log, streamInserts);
    options.log(
      `spilled ${replayed} events' row changes in ${seconds(spilled - started)} (this thread's CPU ${seconds((foldCpu.user + foldCpu.system) / 1000)}${inserts ? `; ${inserts.rows} rows of tables of inserts only COPYed meanwhile` : ''}), folded and loaded ${loaded.rows} rows in ${fold.partitions} partition(s) in ${seconds(performance.now() - spilled)}`,
    );
  } finally {
    fold.remove();
  }
  return { replayed, checkpoint };
}

async function swapIn(
  db: Knex,
  pairs: readonly Pair[],
  from: TailCheckpoint,
  options: RebuildOptions & { batchSize: number; log: ProjectorLog },
): Promise<Pick<RebuildResult, 'caughtUp' | 'positions'>> {
  return db.transaction(async (trx) => {
    await trx.raw(`set local lock_timeout = ${Math.max(1, Math.round(options.lockTimeoutMs ?? 10_000))}`);
    await holdProjections(
      trx,
      pairs.map((p) => p.live.key),
      'exclusive',
    );
    // No live batch of these projections runs now, and whatever they applied was committed below
    // this bound; later events reach the swapped-in views through the live projector (so no wait
    // here, with the projections held).
    const bound = await logBound(trx, 0);
    let checkpoint = from;
    let caughtUp = 0;
    for (;;) {
      const batch = await readBelow(trx, checkpoint, bound, options.batchSize);
      if (batch.events.length === 0) break;
      await applyBatch(
        trx,
        pairs.map((p) => p.shadow),
        toSteps(batch.events),
        options.log,
      );
      checkpoint = batch.checkpoint;
      caughtUp += batch.events.length;
    }
    const generationsBefore = (await trx('projection_status')
      .whereIn(
        'projection',
        pairs.map((p) => p.live.key),
      )
      .max('generation as max')
      .first()) as { max: number | null };
    for (const pair of pairs) {
      for (const key of Object.keys(pair.projection.tables)) {
        await swapTable(trx, {
          live: pair.live.tables[key]!,
          shadow: pair.shadow.tables[key]!,
          old: pair.old[key]!,
        });
      }
      await swapTable(trx, {
        live: pair.live.checkpoints,
        shadow: pair.shadow.checkpoints,
        old: pair.old.streams!,
      });
      for (const table of checkpointTables) {
        await trx(table).where({ projection: pair.live.key }).delete();
        await trx(table).where({ projection: pair.shadow.key }).update({ projection: pair.live.key });
      }
    }
    const liveKeys = pairs.map((p) => p.live.key);
    // The swapped-in checkpoint rows came from the shadows: give each view a generation above
    // both, so caches keyed by (position, generation) never serve the replaced tables again.
    await trx('projection_status')
      .whereIn('projection', liveKeys)
      .update({ generation: trx.raw('greatest(generation, ?) + 1', [generationsBefore.max]) });
    const rows: Array<{ projection: string; position: string; generation: number }> = await trx(
      'projection_status',
    )
      .whereIn('projection', liveKeys)
      .select('projection', 'position', 'generation');
    const positions = Object.fromEntries(rows.map((r) => [r.projection, Number(r.position)]));
    const generations = Object.fromEntries(rows.map((r) => [r.projection, Number(r.generation)]));
    // Caches and live-update listeners re-read the rebuilt views once this commits.
    const changes = pairs.map((p) => ({
      view: p.projection.model.view,
      position: positions[p.live.key] ?? 0,
      owner: null,
      generation: generations[p.live.key] ?? 0,
    }));
    for (const payload of notifyPayloads(changes)) {
      await trx.raw('select pg_notify(?, ?)', [VIEWS_CHANGED_CHANNEL, payload]);
    }
    return { caughtUp, positions };
  });
}

/** About 150 MB of rows in memory at most (a million events' views held about 700 MB). */
const defaultEventsPerPartition = 100_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Removes what an interrupted rebuild may have left: shadow (and old) tables, shadow checkpoints. */
async function dropLeftovers(db: Knex, pairs: readonly Pair[]): Promise<void> {
  await db.transaction(async (trx) => {
    for (const pair of pairs) {
      for (const table of [
        ...Object.values(pair.shadow.tables),
        pair.shadow.checkpoints,
        ...Object.values(pair.old),
      ]) {
        await trx.raw(`drop table if exists ${ident(table)}`);
      }
      for (const table of checkpointTables) {
        if (await tableExists(trx, table)) await trx(table).where({ projection: pair.shadow.key }).delete();
      }
    }
  });
}
