import type { Knex } from 'knex';
import { decodeProjectedEvent } from '@building/events/decode-event';
import { VIEWS_CHANGED_CHANNEL, type ViewChange } from '@building/events/read-models/view-changes';
import { loadBatch, planLoad } from './load-batch.ts';
import { notifyPayloads } from './notify-payloads.ts';
import { ALL_PROJECTIONS } from './park.ts';
import type { ProjectionTarget } from './projection-target.ts';
import { holdProjections } from './projection-lock.ts';
import { admit } from './admit-event.ts';
import {
  tracksStream,
  ViewBatch,
  type Park,
  type ProjectorLog,
  type SkippedEvent,
  type Step,
} from './view-batch.ts';
import { planViewRows, writeBatch, type SqlPart } from './write-batch.ts';

export type { ProjectorLog, Step } from './view-batch.ts';

export interface Projector {
  /**
   * Decodes and applies a batch of raw events (database rows as envelopes, or parsed Kafka
   * messages) to every target in ONE transaction, together with the per-stream checkpoints and
   * whatever `inTransaction` adds (the tailer's checkpoint). Never throws for a bad event: it is
   * parked; throws only when the database fails, and then nothing of the batch is committed.
   */
  project(
    raws: readonly unknown[],
    options?: {
      inTransaction?: (trx: Knex.Transaction) => Promise<void>;
      /** A write of the caller's (the tailer's checkpoint) that goes in the batch's own statement. */
      alsoWrite?: SqlPart;
      /**
       * The caller's previous batch, still being applied: this one is decoded and planned now, and
       * its transaction starts once that one has committed (if it failed, this one fails too and
       * writes nothing). Lets a caller behind the log keep Node busy while Postgres writes.
       */
      after?: Promise<unknown>;
    },
  ): Promise<ViewChange[]>;
}

export function createProjector(options: {
  db: Knex;
  targets: readonly ProjectionTarget[];
  log?: ProjectorLog;
}): Projector {
  const log = options.log ?? ((line) => console.warn(`[projector] ${line}`));
  return {
    async project(raws, projectOptions) {
      const steps: Step[] = [];
      const malformed: Array<{ projection: string } & Park> = [];
      for (const [index, raw] of raws.entries()) {
        // Behind another batch: in slices, so that batch's next statements go out meanwhile.
        if (projectOptions?.after && index % foldChunk === 0) await yieldToIo();
        try {
          steps.push(decodeProjectedEvent(raw));
        } catch (error) {
          malformed.push({ projection: ALL_PROJECTIONS, raw, reason: 'malformed', error: messageOf(error) });
          log(`parked a malformed event (${describe(raw)}): ${messageOf(error)}`);
          const skipped = skippedStep(raw);
          if (skipped) steps.push(skipped);
        }
      }
      // Planned ahead only for the first attempt: a retry starts from fresh view batches.
      let prepared: PreparedBatch | undefined;
      if (projectOptions?.after) {
        prepared = await prepareBatch(options.targets, steps);
        await projectOptions.after;
      }
      const attempt = (isolate: boolean) =>
        retryOnConflict(() =>
          options.db.transaction(async (trx) => {
            const ahead = prepared;
            prepared = undefined;
            // NOTIFYs are delivered to listeners only when this transaction commits.
            const changes = await applyBatch(trx, options.targets, steps, log, {
              prepared: ahead,
              isolate,
              malformed,
              alsoWrite: projectOptions?.alsoWrite,
              notifyChannel: VIEWS_CHANGED_CHANNEL,
            });
            await projectOptions?.inTransaction?.(trx);
            return changes;
          }),
        );
      try {
        return await attempt(false);
      } catch (error) {
        if (!isDataError(error)) throw error;
        // The batch's rows could not be written: find the event(s) at fault, one at a time.
        log(`a batch failed to write (${messageOf(error)}); applying it event by event`);
        return attempt(true);
      }
    },
  };
}

/**
 * Applies decoded events to the targets inside `trx`: loads each view's checkpoints, gaps and
 * touched rows (one query), folds the batch in memory (accept / skip / park per stream, see
 * admit-event.ts), and writes every table once (one statement; a big batch loads and writes each
 * view in its own statements, see pipelineViews). With `isolate`, each event is applied to each
 * view under its own savepoint instead, and one whose rows cannot be written is parked
 * ('apply-failed') while its stream moves on.
 */
export async function applyBatch(
  trx: Knex.Transaction,
  targets: readonly ProjectionTarget[],
  steps: readonly Step[],
  log: ProjectorLog,
  options: {
    isolate?: boolean;
    malformed?: ReadonlyArray<{ projection: string } & Park>;
    alsoWrite?: SqlPart;
    /** Announce the batch's view changes on this channel, from the same statement as its writes. */
    notifyChannel?: string;
    /** These targets' view batches and loads, planned before the transaction (prepareBatch). */
    prepared?: PreparedBatch;
  } = {},
): Promise<ViewChange[]> {
  const notify = (changes: ViewChange[]) =>
    options.notifyChannel ? { channel: options.notifyChannel, payloads: notifyPayloads(changes) } : undefined;
  const prepared = options.isolate ? undefined : options.prepared;
  const touched = prepared ? prepared.views.map((v) => v.target) : touchedBy(targets, steps);
  // Held until commit: a rebuild's swap waits for this batch, and this batch for it.
  await holdProjections(
    trx,
    touched.map((t) => t.key),
    'shared',
  );
  if (!options.isolate) {
    const views = prepared?.views ?? touched.map((t) => new ViewBatch(t));
    const rowsWritten = steps.length >= writeEachViewFrom;
    if (rowsWritten) await pipelineViews(trx, views, steps, log, prepared?.loads);
    else {
      await loadBatch(trx, views, steps);
      for (const step of steps) for (const view of views) view.fold(step, log);
    }
    const changes = mergeChanges(views);
    await writeBatch(trx, views, {
      malformed: options.malformed,
      bookkeepingOnly: rowsWritten,
      plainInserts: true,
      alsoWrite: options.alsoWrite,
      notify: notify(changes),
    });
    return changes;
  }
  if (options.malformed?.length || options.alsoWrite)
    await writeBatch(trx, [], { malformed: options.malformed, alsoWrite: options.alsoWrite });
  const applied: ViewBatch[] = [];
  for (const step of steps) {
    for (const target of touched) {
      if (!tracksStream(target, step.stream)) continue;
      const view = new ViewBatch(target);
      try {
        await trx.transaction(async (savepoint) => {
          await loadBatch(savepoint, [view], [step]);
          view.fold(step, log);
          await writeBatch(savepoint, [view]);
        });
        applied.push(view);
      } catch (error) {
        if (!isDataError(error)) throw error;
        const failed = new ViewBatch(target);
        await loadBatch(trx, [failed], [step]);
        if (admit(failed.versions.get(step.stream) ?? 0, step.version) !== 'apply') throw error;
        failed.parkFailed(step, error, log);
        failed.advance(step);
        await writeBatch(trx, [failed]);
      }
    }
  }
  const changes = mergeChanges(applied);
  await writeBatch(trx, [], { notify: notify(changes) });
  return changes;
}

/**
 * Catching up (a big batch), Node and Postgres work at once: each view's load is its own statement,
 * queued as soon as that view's changes are planned, and each view's write as soon as it is
 * folded, so Postgres loads and writes one view while Node plans or folds the next. Live traffic
 * (a few events a batch) keeps its one load and one write statement: a round trip per view would
 * cost more than the overlap gives.
 */
const writeEachViewFrom = 256;

/** Steps folded between two turns of the event loop, so the next queued statement goes out. */
const foldChunk = 250;

async function pipelineViews(
  trx: Knex.Transaction,
  views: readonly ViewBatch[],
  steps: readonly Step[],
  log: ProjectorLog,
  planned?: ReadonlyArray<(trx: Knex.Transaction) => Promise<void>>,
): Promise<void> {
  const statements = new StatementQueue(trx);
  const loads = [];
  for (const [index, view] of views.entries()) {
    const load = planned?.[index];
    loads.push(statements.add(load ?? planLoad([view], steps)));
    if (!load) await yieldToIo();
  }
  for (const [index, view] of views.entries()) {
    await loads[index];
    for (let from = 0; from < steps.length; from += foldChunk) {
      if (from > 0) await yieldToIo();
      for (const step of steps.slice(from, from + foldChunk)) view.fold(step, log);
    }
    statements.add(planViewRows(view, { plainInserts: true }));
    await yieldToIo();
  }
  await statements.drained();
}

/** A big batch's view batches with their loads, planned before its transaction starts. */
export interface PreparedBatch {
  views: ViewBatch[];
  loads: Array<(trx: Knex.Transaction) => Promise<void>>;
}

/**
 * Plans a big batch ahead (which rows and checkpoints each view loads), yielding between views so
 * that the batch before it keeps its statements going meanwhile. A small batch plans nothing ahead.
 */
async function prepareBatch(
  targets: readonly ProjectionTarget[],
  steps: readonly Step[],
): Promise<PreparedBatch | undefined> {
  if (steps.length < writeEachViewFrom) return undefined;
  const views = touchedBy(targets, steps).map((t) => new ViewBatch(t));
  const loads = [];
  for (const view of views) {
    await yieldToIo();
    loads.push(planLoad([view], steps));
  }
  return { views, loads };
}

/**
 * Statements of one transaction run one after another, each sent as soon as the one before it is
 * done (the caller builds the next meanwhile). After a failure the rest are not sent: the
 * transaction is aborted, and the first failure is the one to report (what isolating a failed
 * batch needs).
 */
class StatementQueue {
  private tail: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private readonly trx: Knex.Transaction;

  constructor(trx: Knex.Transaction) {
    this.trx = trx;
  }

  add(statement: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
    const done = this.tail.then(async () => {
      if (this.failure) throw this.failure.error;
      try {
        await statement(this.trx);
      } catch (error) {
        this.failure ??= { error };
        throw error;
      }
    });
    this.tail = done.catch(() => {}); // reported by drained()
    return done;
  }

  async drained(): Promise<void> {
    await this.tail;
    if (this.failure) throw this.failure.error;
  }
}

/** Gives the event loop a turn, so the connection can take a finished statement's result and send the next. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The targets that track a stream of the batch: the only ones it loads, folds and writes. */
const touchedBy = (targets: readonly ProjectionTarget[], steps: readonly Step[]) =>
  targets.filter((t) => steps.some((s) => tracksStream(t, s.stream)));

function mergeChanges(views: readonly ViewBatch[]): ViewChange[] {
  const merged = new Map<string, ViewChange>();
  for (const view of views) {
    for (const change of view.changes.values()) {
      const key = `${change.view}\u0000${change.owner ?? ''}`;
      const previous = merged.get(key);
      merged.set(key, { ...change, position: Math.max(previous?.position ?? 0, change.position) });
    }
  }
  return [...merged.values()];
}

/** The stream position a malformed event still names, so checkpoints can move past it. */
export function skippedStep(raw: unknown): SkippedEvent | null {
  const envelope = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const { stream, version, position } = envelope;
  if (typeof stream !== 'string' || !Number.isSafeInteger(version) || !Number.isSafeInteger(position))
    return null;
  return { skipped: true, stream, version: version as number, position: position as number };
}

/** Errors in the data a batch writes (bad values, constraints, a projection's SQL): not retried. */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(22|23|42)/.test(code);
}

async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Deadlocks and serialization failures between concurrent projector instances: try again.
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describe(raw: unknown): string {
  const envelope = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return (
    [envelope.type, envelope.stream, envelope.position].filter((v) => v !== undefined).join(' ') || typeof raw
  );
}
