import { streamPrefix } from '@building/events/streams';
import { decodeProjectedEvent, type ProjectedEvent } from '@building/events/decode-event';
import type { ViewChange } from '@building/events/read-models/view-changes';
import { tracksCategory } from '@building/events/read-models/read-model';
import { admit } from './admit-event.ts';
import { ownerOf } from './projection.ts';
import type { ProjectionTarget } from './projection-target.ts';
import type { RowChange } from './row-changes.ts';
import { TableRows } from './table-rows.ts';

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

/** A gap-parked event: in parked_events already (`stored`), or parked by this batch. */
interface Gap {
  eventKey: string;
  event: unknown;
  stored: boolean;
}

const gapKey = (stream: string, version: number) => `${stream}\u0000${version}`;

// Every view asks about the same step in turn: remember the last stream's prefix.
let lastStream = '';
let lastPrefix = '';
const prefixOf = (stream: string) =>
  stream === lastStream ? lastPrefix : ((lastStream = stream), (lastPrefix = streamPrefix(stream)));

/** Whether a view keeps a checkpoint for this stream (its category is one it reads). */
export const tracksStream = (target: ProjectionTarget, stream: string) =>
  tracksCategory(target.projection.model, streamPrefix(stream));

/**
 * One view's share of a batch, folded in memory: its stream checkpoints, its parked gaps and the
 * rows the batch touches. The engine loads what `needs` lists, folds every event with `fold`, then
 * writes the result once (see load-batch.ts, write-batch.ts). A rebuild keeps one `complete`
 * ViewBatch over the whole log: nothing to load, everything starts empty.
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
  position = 0;
  private readonly planned = new Map<Step, ReadonlyArray<RowChange> | Error>();
  // Asked for every event of every batch: a set of a few names, not a cache keyed by stream (a
  // rebuild meets hundreds of thousands of streams).
  private readonly categories: ReadonlySet<string>;
  private readonly handles: ReadonlySet<string>;

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

  /** Streams whose checkpoint (and gaps) must be loaded for these steps. */
  streamsToLoad(steps: readonly Step[]): string[] {
    if (this.complete) return [];
    const streams = new Set<string>();
    for (const step of steps) {
      if (this.tracks(step.stream) && !this.versions.has(step.stream)) streams.add(step.stream);
    }
    return [...streams];
  }

  checkpointsLoaded(streams: readonly string[], rows: ReadonlyArray<{ stream: string; version: number }>) {
    for (const stream of streams) this.versions.set(stream, 0);
    for (const row of rows) {
      this.versions.set(row.stream, row.version);
      this.storedStreams.add(row.stream);
    }
  }

  gapLoaded(row: { stream: string; version: number; event_key: string; event: unknown }) {
    this.gaps.set(gapKey(row.stream, row.version), {
      eventKey: row.event_key,
      event: row.event,
      stored: true,
    });
  }

  /** Parked events that this batch may apply (their predecessor may arrive): plan them too. */
  storedGapEvents(): Step[] {
    const steps: Step[] = [];
    for (const gap of this.gaps.values()) {
      if (!gap.stored) continue;
      try {
        steps.push(this.decodeGap(gap));
      } catch {
        // reported when (if) it is drained
      }
    }
    return steps;
  }

  /** Per table, the key and lookup values these steps' changes need that are not loaded yet. */
  rowsToLoad(steps: readonly Step[]): Map<string, { keys: Set<string>; lookups: Map<string, Set<string>> }> {
    const needs = new Map<string, { keys: Set<string>; lookups: Map<string, Set<string>> }>();
    for (const step of steps) {
      const changes = this.plan(step);
      if (changes instanceof Error) continue;
      for (const change of changes) {
        const table = this.tables[change.table];
        if (!table) continue;
        let need;
        try {
          need = table.needs(change);
        } catch {
          continue; // an unusable change: the fold parks its event
        }
        const entry = needs.get(change.table) ?? { keys: new Set<string>(), lookups: new Map() };
        for (const key of need.keys) entry.keys.add(key);
        for (const [column, value] of need.lookups) {
          const values = entry.lookups.get(column) ?? new Set<string>();
          values.add(value);
          entry.lookups.set(column, values);
        }
        if (entry.keys.size + entry.lookups.size > 0) needs.set(change.table, entry);
      }
    }
    return needs;
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

  private apply(step: Step, log: ProjectorLog): void {
    if (!isSkipped(step) && this.handles.has(step.type)) {
      try {
        const changes = this.plan(step);
        if (changes instanceof Error) throw changes;
        for (const change of changes) this.table(change.table).check(change);
        for (const change of changes) this.table(change.table).apply(change);
        // A rebuild announces its views once, after the swap.
        if (!this.complete) this.changed(step);
      } catch (error) {
        this.parkFailed(step, error, log);
      }
    }
    this.advance(step);
    // Parked as a gap before and now applied in order: no longer parked.
    this.takeGap(step.stream, step.version, log, false);
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
    // A rebuild writes every checkpoint (`versions`) at the end.
    if (!this.complete) this.dirtyStreams.add(step.stream);
    this.position = Math.max(this.position, step.position);
  }

  private takeGap(stream: string, version: number, log: ProjectorLog, decode = true): Step | null {
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
    if (!decode) return null;
    try {
      return this.decodeGap(gap);
    } catch (error) {
      const skipped: SkippedEvent = { skipped: true, stream, version, position: 0 };
      this.parkFailed(skipped, error, log);
      return skipped;
    }
  }

  private decodeGap(gap: Gap): Step {
    return gap.stored ? decodeProjectedEvent(gap.event) : (gap.event as ProjectedEvent);
  }

  private plan(step: Step): ReadonlyArray<RowChange> | Error {
    if (isSkipped(step) || !this.handles.has(step.type)) return [];
    let changes = this.planned.get(step);
    if (!changes) {
      try {
        changes = this.target.projection.evolve(step);
      } catch (error) {
        changes = error instanceof Error ? error : new Error(String(error));
      }
      // A rebuild plans nothing ahead (nothing to load): keeping each event's changes would only grow.
      if (!this.complete) this.planned.set(step, changes);
    }
    return changes;
  }

  private table(key: string): TableRows {
    const table = this.tables[key];
    if (!table) throw new Error(`${this.target.key} has no table ${key}`);
    return table;
  }

  private changed(event: ProjectedEvent): void {
    const owner = this.target.projection.model.audience === 'owner' ? ownerOf(event) : null;
    const key = owner ?? '';
    const previous = this.changes.get(key);
    this.changes.set(key, {
      view: this.target.projection.model.view,
      owner,
      position: Math.max(previous?.position ?? 0, event.position),
    });
  }
}
