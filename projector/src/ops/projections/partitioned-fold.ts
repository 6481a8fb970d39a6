import { streamPrefix } from '@building/events/streams';
import { admit } from '../../view-batch.ts';
import type { ProjectionTarget } from '../../projection-target.ts';
import type { Row, RowChange, RowTarget } from '../../row-changes.ts';
import { checkChange, TableRows } from '../../table-rows.ts';
import { isSkipped, type Park, type ProjectorLog, type Step } from '../../view-batch.ts';
import { ChangeShapes, type FlatChange } from './change-shapes.ts';
import { SpillFiles } from './spill-files.ts';

/** A view's share of a rebuild that is not rows: its parked events and its position. */
export interface FoldedView {
  target: ProjectionTarget;
  parks: Park[];
  unparked: string[];
  position: number;
}

/** An event as its stream's checkpoint sees it: where it is in the log, and which it is. */
type Admission = [
  seq: number,
  stream: string,
  version: number,
  position: number,
  id: string | null,
  type: string,
];

/** A row change of the view at this index, made by the event at `seq` (flattened: change-shapes.ts). */
type Change = [seq: number, view: number, ...change: FlatChange];

/** A parked event the rebuild read but did not keep: fetched again by id to be written. */
export interface ParkToFetch {
  view: number;
  id: string;
  error: string;
}

const gapKey = (stream: string, version: number) => `${stream}\u0000${version}`;

/** Where rows of tables of inserts only go instead of the spill files (streamed-inserts.ts). */
export interface InsertSink {
  add(view: number, table: string, row: Row): void;
}

/** The same string always lands in the same partition. */
function partitionOf(key: string, partitions: number): number {
  let hash = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % partitions;
}

/**
 * A rebuild's fold in bounded memory, in three passes, none holding more than a partition:
 * 1. `spill`, over the log: plans each event's row changes (`evolve`, pure) and spills them to the
 *    partition of their row's key (an update found by a lookup column, not its key, to every
 *    partition); the event's place in its stream goes to the partition of its stream.
 * 2. `admit`, per stream partition: decides which events apply, per stream, as the live engine
 *    does (apply / skip / park as a gap, see view-batch.ts), and gives that partition's stream
 *    checkpoints. In an orderly log every event applies in place; the exceptions (skipped or
 *    parked events, gaps applied once their predecessor came) are kept, and they are few.
 * 3. `rowsOf`, per key partition: applies its changes in log order, minus the exceptions. What a
 *    row becomes depends on its own changes alone, so the rows are the whole-log fold's.
 * A stream's checkpoint is shared by the views of its category: each sees the same events of it.
 * With an `InsertSink`, rows of tables of inserts only go to it in pass 1 instead, taken to apply:
 * `orderly` then tells, after pass 2, whether every event did.
 */
export class PartitionedFold {
  readonly views: FoldedView[];
  readonly partitions: number;
  /** Gap-parked events to write, fetched by id at the end. */
  readonly parksToFetch: ParkToFetch[] = [];
  private readonly targets: readonly ProjectionTarget[];
  private readonly tracking = new Map<string, number[]>();
  private readonly handles: Array<ReadonlySet<string>>;
  private readonly admissions: SpillFiles<Admission>;
  private readonly changes: SpillFiles<Change>;
  private readonly shapes = new ChangeShapes();
  private seq = 0;
  /** Changes that could not be planned, by event: parked if their event applies. */
  private readonly failures = new Map<number, Array<{ view: number; step: Step; error: string }>>();
  /** Events that never apply (skipped, or parked for good). */
  private readonly dropped = new Set<number>();
  /** Parked events applied later, right after the event at the key (in this order). */
  private readonly drains = new Map<number, number[]>();
  private readonly deferred = new Set<number>();
  private readonly inserts: InsertSink | undefined;

  constructor(targets: readonly ProjectionTarget[], partitions: number, inserts?: InsertSink) {
    this.targets = targets;
    this.inserts = inserts;
    this.partitions = partitions;
    this.views = targets.map((target) => ({ target, parks: [], unparked: [], position: 0 }));
    this.handles = targets.map((target) => new Set(target.projection.handles));
    targets.forEach((target, index) => {
      for (const category of target.projection.model.categories) {
        this.tracking.set(category, [...(this.tracking.get(category) ?? []), index]);
      }
    });
    this.admissions = new SpillFiles(partitions);
    this.changes = new SpillFiles(partitions);
  }

  /** Pass 1: spills one event's place in its stream and the row changes of every view it concerns. */
  spill(step: Step): void {
    const views = this.tracking.get(streamPrefix(step.stream));
    if (!views) return;
    const seq = this.seq++;
    const skipped = isSkipped(step);
    this.admissions.add(partitionOf(step.stream, this.partitions), [
      seq,
      step.stream,
      step.version,
      step.position,
      skipped ? null : step.id,
      skipped ? '' : step.type,
    ]);
    if (skipped) return;
    for (const view of views) {
      if (!this.handles[view]!.has(step.type)) continue;
      const projection = this.targets[view]!.projection;
      let changes: ReadonlyArray<RowChange>;
      const targets: RowTarget[] = [];
      try {
        changes = projection.evolve(step);
        for (const change of changes) {
          const spec = projection.tables[change.table];
          if (!spec) throw new Error(`${this.targets[view]!.key} has no table ${change.table}`);
          targets.push(checkChange(spec, change));
        }
      } catch (error) {
        const failed = this.failures.get(seq) ?? [];
        failed.push({ view, step, error: error instanceof Error ? error.message : String(error) });
        this.failures.set(seq, failed);
        continue;
      }
      for (let index = 0; index < changes.length; index++) {
        const change = changes[index]!;
        // checkChange let only inserts through to such a table.
        if (this.inserts && projection.tables[change.table]!.insertOnly && 'insert' in change) {
          this.inserts.add(view, change.table, change.insert);
          continue;
        }
        const target = targets[index]!;
        const spilled = [seq, view] as Change;
        this.shapes.flattenInto(change, spilled);
        if ('key' in target) this.changes.add(partitionOf(target.key, this.partitions), spilled);
        else for (let p = 0; p < this.partitions; p++) this.changes.add(p, spilled);
      }
    }
  }

  /**
   * Pass 2, one stream partition: admits its events per stream and returns its checkpoints (per
   * category, per stream: the last version applied). Run it for every partition (after the last `spill`) before `rowsOf`.
   */
  admit(partition: number, log: ProjectorLog): Map<string, Map<string, number>> {
    const versions = new Map<string, Map<string, number>>();
    const gaps = new Map<string, Admission>();
    for (const frame of this.admissions.read(partition)) {
      for (const event of frame) {
        const [seq, stream, version] = event;
        const category = streamPrefix(stream);
        let streams = versions.get(category);
        if (!streams) versions.set(category, (streams = new Map()));
        const last = streams.get(stream) ?? 0;
        const admission = admit(last, version);
        const key = gapKey(stream, version);
        // Parked until its predecessor comes (a malformed event has nothing to wait for).
        if (admission === 'park' && event[4] !== null && !gaps.has(key)) {
          gaps.set(key, event);
          this.deferred.add(seq);
        }
        if (admission !== 'apply') {
          if (!this.deferred.has(seq)) this.dropped.add(seq);
          continue;
        }
        // Parked before at this very version and now applied in order: that copy never applies.
        const copy = gaps.get(key);
        if (copy) this.dropParked(copy[0]);
        gaps.delete(key);
        // Apply it, then every parked successor it makes applicable.
        for (let next: Admission | undefined = event; next;) {
          this.applied(next, log);
          if (next !== event) this.drains.set(seq, [...(this.drains.get(seq) ?? []), next[0]]);
          streams.set(next[1], next[2]);
          const successor = gapKey(next[1], next[2] + 1);
          next = gaps.get(successor);
          gaps.delete(successor);
        }
      }
    }
    // Still waiting for their predecessor: parked.
    for (const [seq, stream, version, , id, type] of gaps.values()) {
      this.dropParked(seq);
      const last = versions.get(streamPrefix(stream))!.get(stream) ?? 0;
      for (const view of this.tracking.get(streamPrefix(stream))!) {
        log(`${this.targets[view]!.key}: parked ${type} ${stream}@${version} (gap after ${last})`);
        this.parksToFetch.push({
          view,
          id: id!,
          error: `expected version ${last + 1} of ${stream}, got ${version}`,
        });
      }
    }
    return versions;
  }

  /** After pass 2: every event applied in its place (none skipped, parked or applied late). */
  get orderly(): boolean {
    return this.dropped.size === 0 && this.deferred.size === 0;
  }

  /** Pass 3, one key partition: its rows, folded (per view, per table). */
  rowsOf(partition: number): Array<Record<string, TableRows>> {
    const tables = this.targets.map((target) =>
      Object.fromEntries(
        Object.entries(target.projection.tables).map(([key, spec]) => [key, new TableRows(spec, true)]),
      ),
    );
    const apply = (spilled: Change) => {
      const change = this.shapes.restore(spilled, 2);
      tables[spilled[1]]![change.table]!.apply(change);
    };
    if (this.orderly) {
      for (const frame of this.changes.read(partition)) for (const change of frame) apply(change);
      return tables;
    }
    // A parked event's changes wait until the event that let it apply has been applied.
    const held = new Map<number, Change[]>();
    const drainAt = [...this.drains.keys()].sort((a, b) => a - b);
    let nextDrain = 0;
    const drainBefore = (seq: number) => {
      for (; nextDrain < drainAt.length && drainAt[nextDrain]! < seq; nextDrain++) {
        for (const parked of this.drains.get(drainAt[nextDrain]!)!) {
          for (const change of held.get(parked) ?? []) apply(change);
          held.delete(parked);
        }
      }
    };
    for (const frame of this.changes.read(partition)) {
      for (const change of frame) {
        const seq = change[0];
        if (this.dropped.has(seq)) continue;
        if (this.deferred.has(seq)) held.set(seq, [...(held.get(seq) ?? []), change]);
        else {
          drainBefore(seq);
          apply(change);
        }
      }
    }
    drainBefore(Infinity);
    return tables;
  }

  /** Deletes the spilled files. */
  remove(): void {
    this.admissions.remove();
    this.changes.remove();
  }

  /** An event applies: its views move to its position; a change it could not plan parks it. */
  private applied([seq, stream, , position]: Admission, log: ProjectorLog): void {
    for (const view of this.tracking.get(streamPrefix(stream))!) {
      const folded = this.views[view]!;
      folded.position = Math.max(folded.position, position);
    }
    for (const { view, step, error } of this.failures.get(seq) ?? []) {
      if (isSkipped(step)) continue;
      this.views[view]!.parks.push({ raw: step, reason: 'apply-failed', error });
      log(`${this.targets[view]!.key}: parked ${step.type} ${step.stream}@${step.version}: ${error}`);
    }
  }

  private dropParked(seq: number): void {
    this.deferred.delete(seq);
    this.dropped.add(seq);
  }
}
