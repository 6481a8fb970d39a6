import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import { decodeProjectedEvent } from '@building/events/decode-event';
import type { TailCheckpoint } from '@building/infra/event-store/event-store';
import { readAhead } from '@building/infra/event-store/read-ahead';
import { skippedStep, type Step } from '../../apply-events.ts';
import { readBelow } from './read-below.ts';

/** A page of the log as the views fold it: decoded events, or the skipped place of a malformed one. */
export interface StepPage {
  steps: Step[];
  /** Events read (a malformed one without a stream or version has no step). */
  events: number;
  checkpoint: TailCheckpoint;
}

/** What the worker thread is given: where to read, from where, up to which bound. */
export interface ReadStepsJob {
  connection: string | Record<string, unknown>;
  from: TailCheckpoint;
  bound: string;
  pageSize: number;
}

/** Pages the worker reads ahead of the fold: enough to keep both threads busy, few in memory. */
export const pagesAhead = 2;

/**
 * Decodes events as the projector does. A malformed one moves the stream's checkpoint without
 * being applied (the live projector has parked it under '*' already).
 */
export function toSteps(events: readonly unknown[]): Step[] {
  const steps: Step[] = [];
  for (const event of events) {
    try {
      steps.push(decodeProjectedEvent(event));
    } catch {
      const skipped = skippedStep(event);
      if (skipped) steps.push(skipped);
    }
  }
  return steps;
}

/** The pages `read` gives from `from` on, decoded, the next read while this one is used. */
export async function* decodedPages(
  read: Parameters<typeof readAhead<unknown>>[0],
  from: TailCheckpoint,
): AsyncGenerator<StepPage> {
  for await (const batch of readAhead(read, from))
    yield { steps: toSteps(batch.events), events: batch.events.length, checkpoint: batch.checkpoint };
}

/** Pages of the log from `from` up to `bound` (readBelow's order), decoded, the next read while this one is used. */
export function readStepsHere(
  db: Knex,
  from: TailCheckpoint,
  bound: string,
  pageSize: number,
): AsyncGenerator<StepPage> {
  return decodedPages((after) => readBelow(db, after, bound, pageSize), from);
}

/**
 * The same pages, read and decoded on a worker thread with its own connection: a rebuild's main
 * thread then only folds (reading and decoding were about 40% of its time, and the second core
 * was mostly idle). The worker stays at most `pagesAhead` pages ahead. Falls back to reading
 * here when the pool's connection settings cannot be handed to a thread (see portableConnection).
 */
export async function* readSteps(
  db: Knex,
  from: TailCheckpoint,
  bound: string,
  pageSize: number,
): AsyncGenerator<StepPage> {
  const connection = portableConnection(db.client.config.connection);
  if (connection === null) {
    yield* readStepsHere(db, from, bound, pageSize);
    return;
  }
  const job: ReadStepsJob = { connection, from, bound, pageSize };
  const worker = new Worker(new URL('./read-steps-worker.ts', import.meta.url), {
    workerData: job,
    // It holds a few pages: a small heap makes it collect rather than grow.
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
  });
  const pages: Array<StepPage | null> = [];
  let failure: Error | null = null;
  let wake = () => {};
  worker.on('message', (page: StepPage | null) => {
    pages.push(page);
    wake();
  });
  worker.on('error', (error) => {
    failure = error;
    wake();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`the log reader thread exited (${code}) before the end of the log`);
    wake();
  });
  try {
    for (;;) {
      while (pages.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      if (pages.length === 0) throw failure!;
      const page = pages.shift()!;
      if (page === null) return; // the end of the log up to the bound
      worker.postMessage('next');
      yield page;
    }
  } finally {
    await worker.terminate();
  }
}

/**
 * A pool's connection settings as another thread can take them, or null (settings with functions).
 * knex keeps a URL's password as a property that does not enumerate, which a copy to a thread
 * would drop: every own property is taken.
 */
export function portableConnection(connection: unknown): ReadStepsJob['connection'] | null {
  if (typeof connection === 'string') return connection;
  if (typeof connection !== 'object' || connection === null) return null;
  const settings = Object.fromEntries(
    Object.getOwnPropertyNames(connection).map((name) => [
      name,
      (connection as Record<string, unknown>)[name],
    ]),
  );
  return Object.values(settings).some((value) => typeof value === 'function') ? null : settings;
}
