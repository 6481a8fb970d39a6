import type { Knex } from 'knex';
import { checkpointTable, type ReadModel } from '@building/events/read-models/read-model';
import { pendingEvents } from './projection-lag.ts';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tableExists(db: Knex, table: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: Array<{ oid: string | null }> }>(
    'select to_regclass(?)::text as oid',
    [ident(table)],
  );
  return rows[0]?.oid !== null && rows[0]?.oid !== undefined;
}

export interface ProjectionStatus {
  name: string;
  view: string;
  version: number;
  /** The highest global position applied. */
  position: number;
  /** The log's last position minus `position` (positions of other categories count too). */
  lag: number;
  /** Events of its categories not applied yet: 0 means fully caught up. */
  pending: number;
  streams: number;
  parked: number;
  lastError: {
    stream: string | null;
    version: number | null;
    reason: string;
    error: string;
    at: string;
  } | null;
  updatedAt: string | null;
}

export interface ProjectionsReport {
  lastPosition: number;
  /** Events no projection could decode (parked under '*'). */
  malformed: number;
  projections: ProjectionStatus[];
}

/** Where every projection stands against the log (ops status, GET /admin/projections). */
export async function projectionsReport(
  db: Knex,
  projections: readonly ReadModel[],
): Promise<ProjectionsReport> {
  const [last] = await db('events').max<{ p: string | null }[]>('position as p');
  const lastPosition = Number(last?.p ?? 0);
  if (!(await tableExists(db, 'projection_status'))) {
    return {
      lastPosition,
      malformed: 0,
      projections: projections.map((p) => ({
        ...identity(p),
        position: 0,
        lag: lastPosition,
        pending: -1,
        streams: 0,
        parked: 0,
        lastError: null,
        updatedAt: null,
      })),
    };
  }
  const statuses: ProjectionStatus[] = [];
  for (const projection of projections) {
    const key = projection.name;
    const checkpoints = checkpointTable(projection);
    const tracked = await tableExists(db, checkpoints);
    const status = await db('projection_status').where({ projection: key }).first('position', 'updated_at');
    const [streams] = tracked ? await db(checkpoints).count<{ n: string }[]>('* as n') : [];
    const [parked] = await db('parked_events').where({ projection: key }).count<{ n: string }[]>('* as n');
    const error = await db('parked_events')
      .where({ projection: key })
      .orderBy('id', 'desc')
      .first('stream', 'version', 'reason', 'error', 'parked_at');
    const position = Number(status?.position ?? 0);
    statuses.push({
      ...identity(projection),
      position,
      lag: Math.max(0, lastPosition - position),
      pending: tracked ? (await pendingEvents(db, checkpoints, projection.categories)).count : -1,
      streams: Number(streams?.n ?? 0),
      parked: Number(parked?.n ?? 0),
      lastError: error
        ? {
            stream: error.stream,
            version: error.version,
            reason: error.reason,
            error: error.error,
            at: new Date(error.parked_at).toISOString(),
          }
        : null,
      updatedAt: status?.updated_at ? new Date(status.updated_at).toISOString() : null,
    });
  }
  const [malformed] = await db('parked_events').where({ projection: '*' }).count<{ n: string }[]>('* as n');
  return { lastPosition, malformed: Number(malformed?.n ?? 0), projections: statuses };
}

const identity = (p: ReadModel) => ({ name: p.name, view: p.view, version: p.version });
