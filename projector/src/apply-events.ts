import type { Knex } from 'knex';
import { decodeProjectedEvent } from '@building/events/decode-event';
import { VIEWS_CHANGED_CHANNEL, type ViewChange } from '@building/events/read-models/view-changes';
import { planLoads, type LoadPlan } from './load-batch.ts';
import { tracksStream, type ProjectionTarget } from './projection-target.ts';
import { holdProjections } from './projection-lock.ts';
import {
  admit,
  type Park,
  type ProjectorLog,
  type SkippedEvent,
  type Step,
  type ViewBatch,
} from './view-batch.ts';
import { planWrite, type SqlPart } from './write-batch.ts';

export type { ProjectorLog, Step } from './view-batch.ts';

/** The projection name under which events no projection could decode are parked. */
const ALL_PROJECTIONS = '*';

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
      let prepared: LoadPlan | undefined;
      if (projectOptions?.after) {
        prepared = planBatch(touchedBy(options.targets, steps), steps);
        await projectOptions.after;
      }
      const written = { malformed, alsoWrite: projectOptions?.alsoWrite };
      const attempt = (isolate: boolean) =>
        retryOnConflict(() =>
          options.db.transaction(async (trx) => {
            const ahead = prepared;
            prepared = undefined;
            // NOTIFYs are delivered to listeners only when this transaction commits.
            const changes = isolate
              ? await applyEventByEvent(trx, options.targets, steps, log, written)
              : await applyBatch(trx, options.targets, steps, log, {
                  ...written,
                  prepared: ahead,
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
 * Applies decoded events to the targets inside `trx`, in three steps, each in its own file:
 * 1. load (load-batch.ts): each touched view's checkpoints, gaps and rows the batch names, in one
 *    query, with every event's row changes planned;
 * 2. fold (view-batch.ts): accept / skip / park each event per stream and apply its changes to
 *    the rows, in memory;
 * 3. write (write-batch.ts): every table once, the checkpoints, parked events, positions and
 *    NOTIFYs, in one statement (a big batch: one per view, the last with the rest).
 * A big batch's writes are queued as soon as each view is folded, so Postgres writes one view
 * while Node folds the next.
 */
export async function applyBatch(
  trx: Knex.Transaction,
  targets: readonly ProjectionTarget[],
  steps: readonly Step[],
  log: ProjectorLog,
  options: {
    malformed?: ReadonlyArray<{ projection: string } & Park>;
    alsoWrite?: SqlPart;
    /** Announce the batch's view changes on this channel, from the same statement as its writes. */
    notifyChannel?: string;
    /** The loads, planned before the transaction (see project's `after`). */
    prepared?: LoadPlan;
  } = {},
): Promise<ViewChange[]> {
  const plan = options.prepared ?? planBatch(touchedBy(targets, steps), steps);
  const views = plan.groups.flat();
  // Held until commit: a rebuild's swap waits for this batch, and this batch for it.
  await holdProjections(
    trx,
    views.map((v) => v.target.key),
    'shared',
  );
  const statements = new StatementQueue(trx);
  await statements.add(plan.load);
  let changes: ViewChange[] = [];
  for (const [index, group] of plan.groups.entries()) {
    for (let from = 0; from < steps.length; from += foldChunk) {
      if (from > 0) await yieldToIo();
      for (const step of steps.slice(from, from + foldChunk)) for (const view of group) view.fold(step, log);
    }
    const last = index === plan.groups.length - 1;
    const write = planWrite(
      group,
      last
        ? {
            plainInserts: true,
            bookkeeping: views,
            malformed: options.malformed,
            alsoWrite: options.alsoWrite,
            announce: { views, channel: options.notifyChannel },
          }
        : { plainInserts: true },
    );
    statements.add(write.statement);
    changes = write.changes;
    if (!last) await yieldToIo();
  }
  // Nothing touched: the malformed events and the caller's write still go in.
  if (plan.groups.length === 0) {
    const write = planWrite([], { malformed: options.malformed, alsoWrite: options.alsoWrite });
    statements.add(write.statement);
  }
  await statements.drained();
  return changes;
}

/**
 * A batch whose rows could not be written, again with each event applied to each view under its
 * own savepoint: one whose rows cannot be written is parked ('apply-failed') while its stream
 * moves on.
 */
async function applyEventByEvent(
  trx: Knex.Transaction,
  targets: readonly ProjectionTarget[],
  steps: readonly Step[],
  log: ProjectorLog,
  options: { malformed?: ReadonlyArray<{ projection: string } & Park>; alsoWrite?: SqlPart },
): Promise<ViewChange[]> {
  const touched = touchedBy(targets, steps);
  await holdProjections(
    trx,
    touched.map((t) => t.key),
    'shared',
  );
  await planWrite([], options).statement(trx);
  const applied: ViewBatch[] = [];
  for (const step of steps) {
    for (const target of touched) {
      if (!tracksStream(target, step.stream)) continue;
      // Load, fold and write this one event; after a failure, park it and move its stream on.
      const apply = async (db: Knex.Transaction, failure?: unknown) => {
        const plan = planLoads([target], [step], { perView: true });
        const view = plan.groups[0]![0]!;
        await plan.load(db);
        if (failure === undefined) view.fold(step, log);
        else {
          if (admit(view.versions.get(step.stream) ?? 0, step.version) !== 'apply') throw failure;
          view.parkFailed(step, failure, log);
          view.advance(step);
        }
        await planWrite([view], { bookkeeping: [view] }).statement(db);
        return view;
      };
      try {
        applied.push(await trx.transaction((savepoint) => apply(savepoint)));
      } catch (error) {
        if (!isDataError(error)) throw error;
        await apply(trx, error);
      }
    }
  }
  const { statement, changes } = planWrite([], {
    announce: { views: applied, channel: VIEWS_CHANGED_CHANNEL },
  });
  await statement(trx);
  return changes;
}

/**
 * Catching up (a big batch), Node and Postgres work at once: each view's write is its own
 * statement, queued as soon as that view is folded, so Postgres writes one view while Node folds
 * the next. Live traffic (a few events a batch) keeps its one write statement: a round trip per
 * view would cost more than the overlap gives.
 */
const writeEachViewFrom = 256;

/** Steps folded between two turns of the event loop, so the next queued statement goes out. */
const foldChunk = 250;

/** The touched views' load, planned. */
function planBatch(touched: readonly ProjectionTarget[], steps: readonly Step[]): LoadPlan {
  return planLoads(touched, steps, { perView: steps.length >= writeEachViewFrom });
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
