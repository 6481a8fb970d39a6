import { streamPrefix } from '@building/events/streams';
import type { ProjectedEvent } from '@building/events/decode-event';
import type { ViewChange } from '@building/events/read-models/view-changes';
import type { ProjectionTarget } from './projection-target.ts';
import type { RowChange } from './row-changes.ts';
import { applyChanges, TableRows } from './table-rows.ts';

export type ParkReason = 'malformed' | 'apply-failed' | 'gap';
export type ProjectorLog = (line: string) => void;

/**
 * A malformed event whose envelope still names its stream position: it is parked (under '*'), and
 * the checkpoints move past it so the stream's later events are not stuck behind it as a gap.
 */
export interface SkippedEvent {
  skipped: true;
  stream: string;
  version: number;
  position: number;
}
export type Step = ProjectedEvent | SkippedEvent;
export const isSkipped = (step: Step): step is SkippedEvent => 'skipped' in step;

export interface Park {
  raw: unknown;
  reason: ParkReason;
  error: string;
}

/**
 * Whether an event applies to a view's stream checkpoint: per stream, versions apply strictly in
 * order. At or below the checkpoint it is a redelivery (skip); right after it, it applies; further
 * ahead, its predecessor has not arrived yet (park it as a gap until it does).
 */
export type Admission = 'apply' | 'skip' | 'park';

export function admit(lastVersion: number, version: number): Admission {
  if (version <= lastVersion) return 'skip';
  return version === lastVersion + 1 ? 'apply' : 'park';
}

/** A gap-parked event: in parked_events already (`stored`, decoded by the load), or parked by this batch. */
export interface Gap {
  eventKey: string;
  event: Step | Error;
  stored: boolean;
}

export const gapKey = (stream: string, version: number) => `${stream}\u0000${version}`;

/** The email an event is about (its owner for live-update filtering), if any. */
export function ownerOf(event: ProjectedEvent): string | null {
  const data = event.data as { email?: unknown; userEmail?: unknown };
  const email = data.email ?? data.userEmail;
  return typeof email === 'string' ? email.toLowerCase() : null;
}

// Every view asks about the same step in turn: remember the last stream's prefix.
let lastStream = '';
let lastPrefix = '';
const prefixOf = (stream: string) =>
  stream === lastStream ? lastPrefix : ((lastStream = stream), (lastPrefix = streamPrefix(stream)));

/**
 * One view's share of a batch, folded in memory: the engine's middle step. The load (load-batch.ts)
 * fills its stream checkpoints, its parked gaps, the rows the batch touches and each event's
 * planned changes; `fold` admits every event per stream (apply / skip / park) and applies its
 * changes to the rows; the write (write-batch.ts) reads what changed. A `complete` ViewBatch (a
 * test's whole history) loads nothing: everything starts empty.
 */
export class ViewBatch {
  readonly tables: Record<string, TableRows>;
  readonly versions = new Map<string, number>();
  readonly dirtyStreams = new Set<string>();
  /** Streams whose checkpoint row was in the table when the batch loaded it. */
  readonly storedStreams = new Set<string>();
  readonly gaps = new Map<string, Gap>();
  readonly parks: Park[] = [];
  /** Event keys of stored gaps this batch applied: no longer parked. */
  readonly unparked: string[] = [];
  readonly changes = new Map<string, ViewChange>();
  /** Each event's row changes (or why it has none), planned by the load. */
  readonly planned = new Map<Step, ReadonlyArray<RowChange> | Error>();
  position = 0;
  // Asked for every event of every batch: a set of a few names, not a cache keyed by stream (a
  // rebuild meets hundreds of thousands of streams).
  private readonly categories: ReadonlySet<string>;
  readonly handles: ReadonlySet<string>;

  readonly target: ProjectionTarget;
  readonly complete: boolean;

  constructor(target: ProjectionTarget, complete = false) {
    this.target = target;
    this.complete = complete;
    this.categories = new Set(target.projection.model.categories);
    this.handles = new Set(target.projection.handles);
    this.tables = Object.fromEntries(
      Object.entries(target.projection.tables).map(([key, spec]) => [key, new TableRows(spec, complete)]),
    );
  }

  tracks(stream: string): boolean {
    return this.categories.has(prefixOf(stream));
  }

  /** Accept, skip or park one event (and drain the gaps it closes), in memory. */
  fold(step: Step, log: ProjectorLog): void {
    if (!this.tracks(step.stream)) return;
    const last = this.versions.get(step.stream) ?? 0;
    const admission = admit(last, step.version);
    if (admission === 'skip') return;
    if (admission === 'park') {
      if (isSkipped(step)) return; // parked as malformed already: nothing to wait for
      const key = gapKey(step.stream, step.version);
      if (this.gaps.has(key)) return;
      this.gaps.set(key, { eventKey: step.id, event: step, stored: false });
      this.parks.push({
        raw: step,
        reason: 'gap',
        error: `expected version ${last + 1} of ${step.stream}, got ${step.version}`,
      });
      log(`${this.target.key}: parked ${step.type} ${step.stream}@${step.version} (gap after ${last})`);
      return;
    }
    // Apply it, then every parked successor it makes applicable: a loop, not recursion.
    let next: Step | null = step;
    while (next) {
      this.apply(next, log);
      next = this.takeGap(next.stream, next.version + 1, log);
    }
  }

  /** Moves the checkpoint past an event whose changes could not be written (it is parked). */
  parkFailed(step: Step, error: unknown, log: ProjectorLog): void {
    const message = error instanceof Error ? error.message : String(error);
    this.parks.push({ raw: step, reason: 'apply-failed', error: message });
    const what = isSkipped(step) ? 'an event' : step.type;
    log(`${this.target.key}: parked ${what} ${step.stream}@${step.version}: ${message}`);
  }

  advance(step: Step): void {
    this.versions.set(step.stream, step.version);
    // A complete batch writes every checkpoint (`versions`).
    if (!this.complete) this.dirtyStreams.add(step.stream);
    this.position = Math.max(this.position, step.position);
  }

  private apply(step: Step, log: ProjectorLog): void {
    if (!isSkipped(step) && this.handles.has(step.type)) {
      try {
        const changes = this.planned.get(step) ?? this.target.projection.evolve(step);
        if (changes instanceof Error) throw changes;
        applyChanges(this.tables, changes);
        if (!this.complete) this.changed(step);
      } catch (error) {
        this.parkFailed(step, error, log);
      }
    }
    this.advance(step);
    // Parked as a gap before and now applied in order: no longer parked.
    this.takeGap(step.stream, step.version, log, false);
  }

  private takeGap(stream: string, version: number, log: ProjectorLog, take = true): Step | null {
    if (this.gaps.size === 0) return null;
    const key = gapKey(stream, version);
    const gap = this.gaps.get(key);
    if (!gap) return null;
    this.gaps.delete(key);
    if (gap.stored) this.unparked.push(gap.eventKey);
    else {
      const index = this.parks.findIndex((p) => p.raw === gap.event);
      if (index >= 0) this.parks.splice(index, 1);
    }
    if (!take) return null;
    if (!(gap.event instanceof Error)) return gap.event;
    const skipped: SkippedEvent = { skipped: true, stream, version, position: 0 };
    this.parkFailed(skipped, gap.event, log);
    return skipped;
  }

  private changed(event: ProjectedEvent): void {
    const owner = this.target.projection.model.audience === 'owner' ? ownerOf(event) : null;
    const key = owner ?? '';
    const previous = this.changes.get(key);
    if (previous && previous.position >= event.position) return;
    this.changes.set(key, {
      view: this.target.projection.model.view,
      owner,
      position: event.position,
      ...(event.correlationId ? { correlationId: event.correlationId } : {}),
    });
  }
}
