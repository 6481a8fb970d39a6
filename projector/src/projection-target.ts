import { tableNamesOf, type Projection, type TableNames } from './projection.ts';

/**
 * Where a projection is applied: its physical tables and the key of its checkpoint rows. Live
 * targets use the projection's own name; a rebuild uses a shadow target and swaps it in.
 */
export interface ProjectionTarget {
  projection: Projection;
  tables: TableNames;
  /** The `projection` column of projection_streams / projection_status / parked_events. */
  key: string;
}

export function liveTarget(projection: Projection): ProjectionTarget {
  return { projection, tables: tableNamesOf(projection), key: projection.name };
}

export function shadowTarget(projection: Projection): ProjectionTarget {
  const key = `${projection.name}_shadow`;
  return { projection, tables: tableNamesOf(projection, key), key };
}
