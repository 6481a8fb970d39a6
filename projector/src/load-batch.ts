import type { Knex } from 'knex';
import type { Row } from './row-changes.ts';
import { ident } from './table-spec.ts';
import type { Step, ViewBatch } from './view-batch.ts';

const jsonArray = (type: string) => `array(select json_array_elements_text(?::json)::${type})`;

/**
 * Loads, in ONE query, what the views need to fold these steps: each view's checkpoints of the
 * batch's streams and their parked gaps, and the rows the changes name. Checkpoint and view rows
 * are locked (FOR UPDATE) until the batch commits: two projector instances never fold one stream,
 * or one row, from the same stale state. A second query loads the rows of parked gap events the
 * batch may apply, when there are any.
 */
export async function loadBatch(trx: Knex.Transaction, views: readonly ViewBatch[], steps: readonly Step[]) {
  await planLoad(views, steps)(trx);
}

/**
 * Plans `loadBatch` now (the Node side: which streams and rows each view needs) and returns what
 * runs it on a transaction later, so a batch can plan its next view while this one loads.
 */
export function planLoad(
  views: readonly ViewBatch[],
  steps: readonly Step[],
): (trx: Knex.Transaction) => Promise<void> {
  const parts: string[] = [];
  const bindings: unknown[] = [];
  const streamsOf = new Map<number, string[]>();
  views.forEach((view, index) => {
    const streams = view.streamsToLoad(steps);
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
      view.checkpointsLoaded(
        streams,
        result
          .filter((r) => r.kind === 'c' && r.view === index)
          .map((r) => r.row as { stream: string; version: number }),
      );
      for (const r of result) {
        if (r.kind === 'g' && r.view === index)
          view.gapLoaded(r.row as { stream: string; version: number; event_key: string; event: unknown });
      }
    }
    rowsPlanned(result);

    // Parked successors the batch may drain: their rows too (rare: only when gaps were found).
    const gapParts: string[] = [];
    const gapBindings: unknown[] = [];
    const gapsPlanned = planRows(views, (view) => view.storedGapEvents(), gapParts, gapBindings);
    if (gapParts.length > 0) gapsPlanned(await run(trx, gapParts, gapBindings));
  };
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
  const plans: Array<() => void> = [];
  const loaded: LoadedRow[] = [];
  views.forEach((view, index) => {
    for (const [tableKey, need] of view.rowsToLoad(stepsOf(view))) {
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
      plans.push(() =>
        table.loaded(
          loaded.filter((r) => r.view === index && r.tbl === tableKey).map((r) => r.row),
          [...need.keys],
          [...need.lookups].flatMap(([column, values]) =>
            [...values].map((v): [string, string] => [column, v]),
          ),
        ),
      );
    }
  });
  return (rows) => {
    loaded.push(...rows.filter((r) => r.kind === 'r'));
    for (const plan of plans) plan();
  };
}
