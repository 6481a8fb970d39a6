import type { z } from 'zod';
import { categoryOf, type EventType } from '../catalogue.ts';
import type { Category } from '../streams.ts';
import { viewNames, type ViewName } from './view-names.ts';

export { viewNames, type ViewName };

/**
 * Who may hear that a view changed (live updates): everyone, any signed-in caller, the owner of the
 * changed rows (and admins), or admins only.
 */
export type Audience = 'public' | 'signed-in' | 'owner' | 'admin';

/**
 * A read-model contract: what the projector writes and the query-service reads, in one place.
 * - `name` (`<view>_v<version>`, dashes as underscores) prefixes the view's tables; a new version
 *   is rebuilt side by side under its own name.
 * - `tables`: the logical table keys; `tableNames(contract)` gives the physical names.
 * - `events`: the event types the view is built from (the projector handles exactly these).
 * - `row` parses a row as the query-service selects it; `toResponse` maps it; `response` is the
 *   schema the query-service answers with and the UI parses.
 */
export interface ReadModel<
  K extends string = string,
  Row extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  E extends EventType = EventType,
> {
  view: ViewName;
  version: number;
  name: string;
  audience: Audience;
  tables: readonly K[];
  events: readonly E[];
  /** The stream categories of `events`: every event of these streams moves the view's checkpoint. */
  categories: readonly Category[];
  row: Row;
  response: Response;
  toResponse(row: z.infer<Row>): z.input<Response>;
}

export function defineReadModel<
  K extends string,
  Row extends z.ZodType,
  Response extends z.ZodType,
  E extends EventType,
>(spec: {
  view: ViewName;
  version: number;
  audience: Audience;
  tables: readonly K[];
  events: readonly E[];
  row: Row;
  response: Response;
  toResponse(row: z.infer<Row>): z.input<Response>;
}): ReadModel<K, Row, Response, E> {
  return {
    ...spec,
    name: `${spec.view.replaceAll('-', '_')}_v${spec.version}`,
    categories: [...new Set(spec.events.map(categoryOf))],
  };
}

/** Logical table key -> physical table name: `<name>_<key>`, or `<base>_<key>` for a rebuild's shadow. */
export function tableNames<K extends string>(
  model: ReadModel<K>,
  base = model.name,
): Readonly<Record<K, string>> {
  const names = {} as Record<K, string>;
  for (const key of model.tables) names[key] = `${base}_${key}`;
  return names;
}

/** Each view's per-stream checkpoint table (`stream`, `version`): swapped with its tables on rebuild. */
export const checkpointTable = (model: ReadModel, base = model.name) => `${base}_streams`;

/** Whether a view keeps a checkpoint for this stream (its category is one it reads). */
export function tracksCategory(model: ReadModel, category: string | null): boolean {
  return category !== null && (model.categories as readonly string[]).includes(category);
}
