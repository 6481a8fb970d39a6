import { streamPrefix } from '@building/events/streams';
import { checkpointTable, tableNames, tracksCategory } from '@building/events/read-models/read-model';
import type { Projection } from './projection.ts';

/**
 * Where a projection is applied: its physical tables, its checkpoint table and the key of its rows
 * in projection_status / parked_events. Live targets use the contract's name; a rebuild builds a
 * shadow target (`<name>_shadow_*`) and swaps it in.
 */
export interface ProjectionTarget {
  projection: Projection;
  tables: Readonly<Record<string, string>>;
  checkpoints: string;
  key: string;
}

function targetAt(projection: Projection, base: string): ProjectionTarget {
  return {
    projection,
    tables: tableNames(projection.model, base),
    checkpoints: checkpointTable(projection.model, base),
    key: base,
  };
}

export const liveTarget = (projection: Projection) => targetAt(projection, projection.name);
export const shadowTarget = (projection: Projection) => targetAt(projection, `${projection.name}_shadow`);

/** Whether a view keeps a checkpoint for this stream (its category is one it reads). */
export const tracksStream = (target: ProjectionTarget, stream: string) =>
  tracksCategory(target.projection.model, streamPrefix(stream));
