import type { ProjectedEvent } from '@building/events/decode-event';
import type { EventType } from '@building/events/catalogue';
import type { ReadModel } from '@building/events/read-models/read-model';
import type { z } from 'zod';
import type { RowChange } from './row-changes.ts';
import type { TableSpec } from './table-spec.ts';

export type EventOf<T extends EventType> = Extract<ProjectedEvent, { type: T }>;

type Handler<T extends EventType, K extends string> = (event: EventOf<T>) => ReadonlyArray<RowChange<K>>;

/**
 * A projection: how the projector builds one read model (its contract in `@building/events`).
 * `evolve` is pure: an event in, the row changes it makes out. The engine folds a batch of them
 * in memory and writes one statement per table (see apply-events.ts).
 */
export interface Projection<K extends string = string> {
  model: ReadModel<K>;
  /** The contract's name (`apartments_v1`): the checkpoint key and the table prefix. */
  name: string;
  tables: Readonly<Record<K, TableSpec>>;
  handles: readonly EventType[];
  evolve(event: ProjectedEvent): ReadonlyArray<RowChange<K>>;
}

/** A projection of `model`: one handler for each event type the contract names, and no other. */
export function defineProjection<K extends string, E extends EventType>(
  model: ReadModel<K, z.ZodType, z.ZodType, E>,
  spec: {
    tables: Record<K, TableSpec>;
    on: { [T in E]: Handler<T, K> };
  },
): Projection<K> {
  const handlers = spec.on as Partial<
    Record<EventType, (event: ProjectedEvent) => ReadonlyArray<RowChange<K>>>
  >;
  return {
    model,
    name: model.name,
    tables: spec.tables,
    handles: model.events,
    evolve: (event) => handlers[event.type]?.(event) ?? [],
  };
}
