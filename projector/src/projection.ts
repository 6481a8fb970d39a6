import type { Knex } from 'knex';
import type { DecodedEvent } from '@building/events/decode-event';
import { categoryOf, type EventType } from '@building/events/catalogue';
import { categoryOfStream, type Category } from '@building/events/streams';

/** The views the query-service serves; SSE and the cache speak of these names. */
export type ViewName =
  | 'apartments'
  | 'coupons'
  | 'announcements'
  | 'agreement-requests'
  | 'members'
  | 'member-apartments'
  | 'payments'
  | 'users'
  | 'statistics';

/**
 * Who may hear that a view changed (live updates): everyone, any signed-in caller, the owner of the
 * changed rows (and admins), or admins only.
 */
export type Audience = 'public' | 'signed-in' | 'owner' | 'admin';

/** Logical table key -> physical table name. */
export type TableNames<K extends string = string> = Readonly<Record<K, string>>;

export type EventOf<T extends EventType> = Extract<DecodedEvent, { type: T }>;

type Handler<T extends EventType, K extends string> = (
  trx: Knex.Transaction,
  event: EventOf<T>,
  tables: TableNames<K>,
) => Promise<unknown>;

/**
 * A projection module: one read model per screen, with a versioned name (`apartments_v1`).
 *
 * Rebuilds (`npm run projections -- rebuild <name>`): a projection never names its tables itself.
 * `tables` maps a logical key to the CREATE SQL for a given physical name, and `apply` receives the
 * physical names. Live tables are `tableNamesOf(p)` (`<name>_<key>`, e.g. `apartments_v1_apartments`);
 * a rebuild builds into `tableNamesOf(p, '<name>_shadow')`, feeding `applyBatch` a target whose
 * checkpoint key is the shadow's name too (see ProjectionTarget), then swaps the tables in one
 * transaction and renames the checkpoint rows. Index names start with their table's name, so the
 * swap renames them the same way.
 */
export interface Projection<K extends string = string> {
  /** `<view>_v<version>` with dashes as underscores: the checkpoint key and the table prefix. */
  name: string;
  view: ViewName;
  version: number;
  audience: Audience;
  tables: Readonly<Record<K, (table: string) => string>>;
  handles: readonly EventType[];
  /** The stream categories of `handles` (from the catalogue): every event of these streams moves the per-stream checkpoint. */
  categories: readonly Category[];
  /** Applies one event; must not throw for valid data (a throw parks the event for this projection). */
  apply(trx: Knex.Transaction, event: DecodedEvent, tables: TableNames<K>): Promise<void>;
}

export function defineProjection<K extends string>(spec: {
  view: ViewName;
  version: number;
  audience: Audience;
  tables: Record<K, (table: string) => string>;
  on: { [T in EventType]?: Handler<T, K> };
}): Projection<K> {
  const handles = Object.keys(spec.on) as EventType[];
  return {
    name: `${spec.view.replaceAll('-', '_')}_v${spec.version}`,
    view: spec.view,
    version: spec.version,
    audience: spec.audience,
    tables: spec.tables,
    handles,
    categories: [...new Set(handles.map(categoryOf))],
    async apply(trx, event, tables) {
      const handler = spec.on[event.type] as Handler<EventType, K> | undefined;
      if (handler) await handler(trx, event as EventOf<EventType>, tables);
    },
  };
}

export function tableNamesOf<K extends string>(
  projection: Projection<K>,
  base = projection.name,
): TableNames<K> {
  return Object.fromEntries(Object.keys(projection.tables).map((key) => [key, `${base}_${key}`])) as Record<
    K,
    string
  >;
}

/** Whether a projection keeps a checkpoint for this stream (its category is one it reads). */
export function tracksStream(projection: Projection, stream: string): boolean {
  try {
    return projection.categories.includes(categoryOfStream(stream));
  } catch {
    return false;
  }
}

/** The email an event is about (its owner for live-update filtering), if any. */
export function ownerOf(event: DecodedEvent): string | null {
  const data = event.data as { email?: unknown; userEmail?: unknown };
  const email = data.email ?? data.userEmail;
  return typeof email === 'string' ? email.toLowerCase() : null;
}
