import type { Knex } from 'knex';
import { decodeProjectedEvent } from '@building/events/decode-event';
import type { ProjectionTarget } from './projection-target.ts';
import { changeTarget, keyOf, type Row } from './row-changes.ts';
import { ident } from './table-spec.ts';
import { gapKey, isSkipped, ViewBatch, type Step } from './view-batch.ts';

const jsonArray = (type: string) => `array(select json_array_elements_text(?::json)::${type})`;

/** A statement to run on the batch's transaction. */
export type Statement = (trx: Knex.Transaction) => Promise<void>;

/**
 * A batch's views in groups, folded and written group by group, and the ONE statement that loads
 * what they all need. A small batch is one group (one load, one write: a round trip per view would
 * cost more than it gives); a big one makes each view a group of its own, so Postgres writes one
 * view while Node folds the next. Its loads stay one statement: a load per view (16 round trips a
 * page, each answered only when Node's event loop came back to it) made a catch-up 10% slower.
 */
export interface LoadPlan {
  groups: ViewBatch[][];
  load: Statement;
}

/**
 * The engine's first step: which checkpoints, parked gaps and rows each view touched by `steps`
 * needs, and the statement that loads them (it runs later, on the batch's transaction). Plans each
 * event's row changes on the way (`evolve`, kept for the fold).
 */
export function planLoads(
  targets: readonly ProjectionTarget[],
  steps: readonly Step[],
  options: { perView: boolean },
): LoadPlan {
  const views = targets.map((target) => new ViewBatch(target));
  return { groups: options.perView ? views.map((view) => [view]) : [views], load: planLoad(views, steps) };
}

/**
 * Loads, in ONE query, what the views need to fold these steps: each view's checkpoints of the
 * batch's streams and their parked gaps, and the rows the changes name. Checkpoint and view rows
 * are locked (FOR UPDATE) until the batch commits: two projector instances never fold one stream,
 * or one row, from the same stale state. A second query loads the rows of parked gap events the
 * batch may apply, when there are any.
 */
export function planLoad(views: readonly ViewBatch[], steps: readonly Step[]): Statement {
  const parts: string[] = [];
  const bindings: unknown[] = [];
  const streamsOf = new Map<number, string[]>();
  views.forEach((view, index) => {
    const streams = streamsToLoad(view, steps);
    if (streams.length === 0) return;
    streamsOf.set(index, streams);
    const json = JSON.stringify(streams);
    parts.push(
      `select 'c' as kind, ${index} as view, null as tbl, to_jsonb(c) as row from ${ident(view.target.checkpoints)} c
        where stream = any(${jsonArray('text')}) for update`,
      `select 'g', ${index}, null, jsonb_build_object('stream', stream, 'version', version, 'event_key', event_key, 'event', event)
        from parked_events where projection = ? and reason = 'gap' and stream = any(${jsonArray('text')})`,
    );
    bindings.push(json, view.target.key, json);
  });
  const rowsPlanned = planRows(views, () => steps, parts, bindings);
  return async (trx) => {
    const result = await run(trx, parts, bindings);
    for (const [index, streams] of streamsOf) {
      const view = views[index]!;
      for (const stream of streams) view.versions.set(stream, 0);
      for (const r of result) {
        if (r.view !== index) continue;
        if (r.kind === 'c') {
          const row = r.row as { stream: string; version: number };
          view.versions.set(row.stream, row.version);
          view.storedStreams.add(row.stream);
        } else if (r.kind === 'g') gapLoaded(view, r.row as unknown as StoredGap);
      }
    }
    rowsPlanned(result);

    // Parked successors the batch may drain: their rows too (rare: only when gaps were found).
    const gapParts: string[] = [];
    const gapBindings: unknown[] = [];
    const gapsPlanned = planRows(views, storedGapEvents, gapParts, gapBindings);
    if (gapParts.length > 0) gapsPlanned(await run(trx, gapParts, gapBindings));
  };
}

interface StoredGap {
  stream: string;
  version: number;
  event_key: string;
  event: unknown;
}

/** A parked gap as the fold takes it: decoded now (a failure is kept, and parked if it ever applies). */
function gapLoaded(view: ViewBatch, row: StoredGap): void {
  let event;
  try {
    event = decodeProjectedEvent(row.event);
  } catch (error) {
    event = error instanceof Error ? error : new Error(String(error));
  }
  view.gaps.set(gapKey(row.stream, row.version), { eventKey: row.event_key, event, stored: true });
}

/** Parked events that this batch may apply (their predecessor may arrive): plan them too. */
function storedGapEvents(view: ViewBatch): Step[] {
  const steps: Step[] = [];
  for (const gap of view.gaps.values())
    if (gap.stored && !(gap.event instanceof Error)) steps.push(gap.event);
  return steps;
}

/** Streams whose checkpoint (and gaps) must be loaded for these steps. */
function streamsToLoad(view: ViewBatch, steps: readonly Step[]): string[] {
  if (view.complete) return [];
  const streams = new Set<string>();
  for (const step of steps) {
    if (view.tracks(step.stream) && !view.versions.has(step.stream)) streams.add(step.stream);
  }
  return [...streams];
}

/** Per table, the key and lookup values these steps' changes need that are not loaded yet. */
function rowsToLoad(view: ViewBatch, steps: readonly Step[]) {
  const needs = new Map<string, { keys: Set<string>; lookups: Map<string, Set<string>> }>();
  for (const step of steps) {
    if (isSkipped(step) || !view.handles.has(step.type) || !view.tracks(step.stream)) continue;
    let changes = view.planned.get(step);
    if (!changes) {
      try {
        changes = view.target.projection.evolve(step);
      } catch (error) {
        changes = error instanceof Error ? error : new Error(String(error));
      }
      view.planned.set(step, changes);
    }
    if (changes instanceof Error) continue;
    for (const change of changes) {
      const table = view.tables[change.table];
      if (!table || table.complete || table.spec.insertOnly) continue;
      let target;
      try {
        target = changeTarget(table.spec, change);
      } catch {
        continue; // an unusable change: the fold parks its event
      }
      const entry = needs.get(change.table) ?? { keys: new Set<string>(), lookups: new Map() };
      if ('key' in target) {
        if (!table.loadedKeys.has(target.key)) entry.keys.add(target.key);
      } else if (!table.loadedLookups.get(target.column)!.has(target.value)) {
        const values = entry.lookups.get(target.column) ?? new Set<string>();
        values.add(target.value);
        entry.lookups.set(target.column, values);
      }
      if (entry.keys.size + entry.lookups.size > 0) needs.set(change.table, entry);
    }
  }
  return needs;
}

interface LoadedRow {
  kind: string;
  view: number;
  tbl: string | null;
  row: Row;
}

async function run(trx: Knex.Transaction, parts: readonly string[], bindings: readonly unknown[]) {
  if (parts.length === 0) return [];
  const sql = `with ${parts.map((p, i) => `p${i} as (${p})`).join(',\n')}
    ${parts.map((_, i) => `select * from p${i}`).join(' union all ')}`;
  const { rows } = await trx.raw<{ rows: LoadedRow[] }>(sql, bindings as Knex.RawBinding[]);
  return rows;
}

/** Adds the row-loading parts for each view's steps; the returned function takes in the rows. */
function planRows(
  views: readonly ViewBatch[],
  stepsOf: (view: ViewBatch) => readonly Step[],
  parts: string[],
  bindings: unknown[],
): (rows: readonly LoadedRow[]) => void {
  const plans: Array<(rows: readonly LoadedRow[]) => void> = [];
  views.forEach((view, index) => {
    for (const [tableKey, need] of rowsToLoad(view, stepsOf(view))) {
      const table = view.tables[tableKey]!;
      const spec = table.spec;
      const conditions: string[] = [];
      if (need.keys.size > 0) {
        conditions.push(`${ident(spec.key)} = any(${jsonArray(spec.columns[spec.key]!.type)})`);
        bindings.push(JSON.stringify([...need.keys]));
      }
      for (const [column, values] of need.lookups) {
        conditions.push(`${ident(column)} = any(${jsonArray(spec.columns[column]!.type)})`);
        bindings.push(JSON.stringify([...values]));
      }
      parts.push(
        `select 'r', ${index}, '${tableKey}', to_jsonb(t) from ${ident(view.target.tables[tableKey]!)} t
          where ${conditions.join(' or ')} for update`,
      );
      // Absent keys stay absent: loaded (none there) all the same.
      plans.push((rows) => {
        for (const key of need.keys) table.loadedKeys.add(key);
        for (const [column, values] of need.lookups)
          for (const value of values) table.loadedLookups.get(column)!.add(value);
        for (const r of rows) {
          if (r.kind !== 'r' || r.view !== index || r.tbl !== tableKey) continue;
          table.loadedKeys.add(keyOf(r.row[spec.key]));
          table.pending.push(r.row);
        }
      });
    }
  });
  return (rows) => {
    for (const plan of plans) plan(rows);
  };
}
