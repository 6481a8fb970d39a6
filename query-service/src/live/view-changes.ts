import type { Knex } from 'knex';
import { readModels } from '@building/events/read-models/all-read-models';
import type { ViewName } from '@building/events/read-models/read-model';
import {
  PROJECTION_STATUS_TABLE,
  VIEWS_CHANGED_CHANNEL,
  viewChangesSchema,
  type ViewChange,
} from '@building/events/read-models/view-changes';

/**
 * The query-service's ear on the projector: LISTEN views_changed (sent by the projector after each
 * committed batch, in the same process or another). It fans changes out to subscribers (SSE,
 * read-your-writes waiters) and keeps each view's latest position (the cache keys). On every
 * (re)connection the positions are reloaded from projection_status, so a missed NOTIFY cannot
 * leave the cache stale.
 */
export interface ViewChanges {
  subscribe(listener: (change: ViewChange) => void): () => void;
  positionOf(view: ViewName): number;
  /** Position and rebuild generation: what a cached answer of this view depends on. */
  versionOf(view: ViewName): string;
  stop(): Promise<void>;
}

interface ListeningConnection {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', handler: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', handler: (error?: unknown) => void): void;
  removeAllListeners(event?: string): void;
}

export async function listenForViewChanges(
  db: Knex,
  options: { log?: (line: string) => void; retryMs?: number } = {},
): Promise<ViewChanges> {
  const log = options.log ?? ((line) => console.warn(`[view-changes] ${line}`));
  const listeners = new Set<(change: ViewChange) => void>();
  const positions = new Map<ViewName, number>();
  const generations = new Map<ViewName, number>();
  let stopped = false;
  let connection: ListeningConnection | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const bump = (view: ViewName, position: number, generation = 0) => {
    positions.set(view, Math.max(positions.get(view) ?? 0, position));
    generations.set(view, Math.max(generations.get(view) ?? 0, generation));
  };
  const reloadPositions = async () => {
    const rows: Array<{ projection: string; position: string; generation: number }> = await db(
      PROJECTION_STATUS_TABLE,
    ).select('projection', 'position', 'generation');
    for (const row of rows) {
      const model = readModels.find((m) => m.name === row.projection);
      if (model) bump(model.view, Number(row.position), Number(row.generation));
    }
  };
  const onNotification = (message: { channel: string; payload?: string }) => {
    if (message.channel !== VIEWS_CHANGED_CHANNEL) return;
    let parsed;
    try {
      parsed = viewChangesSchema.parse(JSON.parse(message.payload ?? ''));
    } catch {
      log(`ignored a malformed ${VIEWS_CHANGED_CHANNEL} payload`);
      return;
    }
    for (const change of parsed.changes) {
      bump(change.view, change.position, change.generation);
      for (const listener of listeners) listener(change);
    }
  };
  const connect = async () => {
    const acquired = (await db.client.acquireConnection()) as ListeningConnection;
    connection = acquired;
    const lost = () => {
      if (connection !== acquired) return;
      connection = undefined;
      acquired.removeAllListeners('notification');
      void db.client.releaseConnection(acquired).catch(() => {});
      if (!stopped) {
        log('lost the LISTEN connection; reconnecting');
        scheduleReconnect();
      }
    };
    acquired.on('notification', onNotification);
    acquired.on('error', lost);
    acquired.on('end', lost);
    await acquired.query(`listen ${VIEWS_CHANGED_CHANNEL}`);
    await reloadPositions();
  };
  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      connect().catch((error: unknown) => {
        log(`reconnect failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!stopped) scheduleReconnect();
      });
    }, options.retryMs ?? 1000);
  };

  await connect();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    positionOf: (view) => positions.get(view) ?? 0,
    versionOf: (view) => `${positions.get(view) ?? 0}.${generations.get(view) ?? 0}`,
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      listeners.clear();
      const held = connection;
      connection = undefined;
      if (held) {
        held.removeAllListeners('notification');
        await held.query(`unlisten ${VIEWS_CHANGED_CHANNEL}`).catch(() => {});
        await db.client.releaseConnection(held);
      }
    },
  };
}
