import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import { tracksStream } from './projection.ts';
import type { ProjectionTarget } from './projection-target.ts';
import { holdProjections } from './projection-lock.ts';
import { VIEWS_CHANGED_CHANNEL, notifyPayloads, type ViewChange } from './views-changed.ts';
import { ownerOf } from './projection.ts';

export type ParkReason = 'malformed' | 'apply-failed' | 'gap';
export type ProjectorLog = (line: string) => void;

/** The projection name under which events no projection could decode are parked. */
export const ALL_PROJECTIONS = '*';

export interface Projector {
  /**
   * Decodes and applies a batch of raw events (database rows as envelopes, or parsed Kafka
   * messages) to every target in ONE transaction, together with the per-stream checkpoints and
   * whatever `inTransaction` adds (the tailer's checkpoint). Never throws for a bad event: it is
   * parked; throws only when the database fails, and then nothing of the batch is committed.
   */
  project(
    raws: readonly unknown[],
    options?: { inTransaction?: (trx: Knex.Transaction) => Promise<void> },
  ): Promise<ViewChange[]>;
}

export function createProjector(options: {
  db: Knex;
  targets: readonly ProjectionTarget[];
  log?: ProjectorLog;
}): Projector {
  const log = options.log ?? ((line) => console.warn(`[projector] ${line}`));
  return {
    async project(raws, projectOptions) {
      const steps: Step[] = [];
      const malformed: Array<{ raw: unknown; error: unknown }> = [];
      for (const raw of raws) {
        try {
          steps.push(decodeEvent(raw));
        } catch (error) {
          malformed.push({ raw, error });
          const skipped = skippedStep(raw);
          if (skipped) steps.push(skipped);
        }
      }
      return retryOnConflict(() =>
        options.db.transaction(async (trx) => {
          for (const { raw, error } of malformed) {
            await park(trx, ALL_PROJECTIONS, raw, 'malformed', error);
            log(`parked a malformed event (${describe(raw)}): ${messageOf(error)}`);
          }
          const changes = await applyBatch(trx, options.targets, steps, log);
          await projectOptions?.inTransaction?.(trx);
          // Delivered to listeners only when this transaction commits.
          for (const payload of notifyPayloads(changes)) {
            await trx.raw('select pg_notify(?, ?)', [VIEWS_CHANGED_CHANNEL, payload]);
          }
          return changes;
        }),
      );
    },
  };
}

/**
 * A malformed event whose envelope still names its stream position: it is parked, and the
 * checkpoints move past it so the stream's later events are not stuck behind it as a gap.
 */
export interface SkippedEvent {
  skipped: true;
  stream: string;
  version: number;
  position: number;
}
export type Step = DecodedEvent | SkippedEvent;

function skippedStep(raw: unknown): SkippedEvent | null {
  const envelope = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const { stream, version, position } = envelope;
  if (typeof stream !== 'string' || !Number.isSafeInteger(version) || !Number.isSafeInteger(position))
    return null;
  return { skipped: true, stream, version: version as number, position: position as number };
}

/**
 * Applies decoded events to the targets inside `trx`. Per target and stream, an event applies only
 * at version = last + 1: lower is a duplicate (skipped), higher is a gap (parked until its
 * predecessor arrives). Events of a tracked stream that the projection does not handle still move
 * its checkpoint. A handler that throws is rolled back to a savepoint and the event parked; the
 * stream moves on, so one bad event never blocks the ones after it.
 */
export async function applyBatch(
  trx: Knex.Transaction,
  targets: readonly ProjectionTarget[],
  events: readonly Step[],
  log: ProjectorLog,
): Promise<ViewChange[]> {
  const slot = (key: string, stream: string) => `${key}\u0000${stream}`;
  const versions = new Map<string, number>();
  const dirty = new Map<string, { projection: string; stream: string }>();
  const positions = new Map<string, number>();
  const changes = new Map<string, ViewChange>();
  const gapKey = (key: string, stream: string, version: number) => `${slot(key, stream)}\u0000${version}`;
  const gaps = new Map<string, { eventKey: string; event: unknown }>();
  // Held until commit: a rebuild's swap (infra/src/ops) waits for this batch, and this batch for it.
  await holdProjections(
    trx,
    targets.filter((t) => events.some((e) => tracksStream(t.projection, e.stream))).map((t) => t.key),
    'shared',
  );
  const parkedGaps: Array<{
    projection: string;
    stream: string;
    version: number;
    event_key: string;
    event: unknown;
  }> = await trx('parked_events')
    .where({ reason: 'gap' })
    .whereIn(
      'projection',
      targets.map((t) => t.key),
    )
    .select('projection', 'stream', 'version', 'event_key', 'event');
  for (const row of parkedGaps)
    gaps.set(gapKey(row.projection, row.stream, row.version), { eventKey: row.event_key, event: row.event });

  const lastVersion = async (target: ProjectionTarget, stream: string) => {
    const key = slot(target.key, stream);
    let version = versions.get(key);
    if (version === undefined) {
      // Locks the checkpoint row (when it exists) so two projector instances never apply one stream at once.
      const row = await trx('projection_streams')
        .where({ projection: target.key, stream })
        .forUpdate()
        .first('version');
      version = row ? Number(row.version) : 0;
      versions.set(key, version);
    }
    return version;
  };

  const applyOne = async (target: ProjectionTarget, event: Step): Promise<void> => {
    const last = await lastVersion(target, event.stream);
    if (event.version <= last) return; // a redelivery: already applied
    if ('skipped' in event) {
      if (event.version > last + 1) return; // parked as malformed already; nothing to wait for
    } else if (event.version > last + 1) {
      await park(
        trx,
        target.key,
        event,
        'gap',
        `expected version ${last + 1} of ${event.stream}, got ${event.version}`,
      );
      gaps.set(gapKey(target.key, event.stream, event.version), { eventKey: event.id, event });
      log(`${target.key}: parked ${event.type} ${event.stream}@${event.version} (gap after ${last})`);
      return;
    }
    if (!('skipped' in event) && target.projection.handles.includes(event.type)) {
      try {
        await trx.transaction((savepoint) => target.projection.apply(savepoint, event, target.tables));
        const owner = target.projection.audience === 'owner' ? ownerOf(event) : null;
        const changeKey = `${target.projection.view}\u0000${owner ?? ''}`;
        const previous = changes.get(changeKey);
        changes.set(changeKey, {
          view: target.projection.view,
          owner,
          position: Math.max(previous?.position ?? 0, event.position),
        });
      } catch (error) {
        await park(trx, target.key, event, 'apply-failed', error);
        log(`${target.key}: parked ${event.type} ${event.stream}@${event.version}: ${messageOf(error)}`);
      }
    }
    const key = slot(target.key, event.stream);
    versions.set(key, event.version);
    dirty.set(key, { projection: target.key, stream: event.stream });
    positions.set(target.key, Math.max(positions.get(target.key) ?? 0, event.position));

    const own = gaps.get(gapKey(target.key, event.stream, event.version));
    if (own && !('skipped' in event)) {
      // Parked as a gap before, arrived again (or drained) in order: no longer parked.
      gaps.delete(gapKey(target.key, event.stream, event.version));
      await trx('parked_events').where({ projection: target.key, event_key: own.eventKey }).delete();
    }
    const next = gaps.get(gapKey(target.key, event.stream, event.version + 1));
    if (next) await applyOne(target, decodeEvent(next.event));
  };

  for (const event of events) {
    for (const target of targets) {
      if (tracksStream(target.projection, event.stream)) await applyOne(target, event);
    }
  }

  if (dirty.size > 0) {
    await trx('projection_streams')
      .insert([...dirty].map(([key, row]) => ({ ...row, version: versions.get(key)! })))
      .onConflict(['projection', 'stream'])
      .merge(['version']);
  }
  for (const [projection, position] of positions) {
    await trx.raw(
      `insert into projection_status (projection, position, updated_at) values (?, ?, now())
       on conflict (projection) do update
       set position = greatest(projection_status.position, excluded.position), updated_at = now()`,
      [projection, position],
    );
  }
  return [...changes.values()];
}

/** Records an event a projection could not apply; parking the same event twice is a no-op. */
export async function park(
  trx: Knex.Transaction,
  projection: string,
  raw: unknown,
  reason: ParkReason,
  error: unknown,
): Promise<void> {
  const envelope = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const text = JSON.stringify(raw) ?? 'null';
  const int = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : null);
  const str = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : null);
  await trx('parked_events')
    .insert({
      projection,
      event_key: str(envelope.id) ?? createHash('sha256').update(text).digest('hex'),
      position: int(envelope.position),
      stream: str(envelope.stream),
      version: int(envelope.version),
      type: str(envelope.type),
      reason,
      error: messageOf(error).slice(0, 2000),
      // jsonb rejects NUL characters; keep what can be kept.
      event: text.replaceAll('\\u0000', ''),
    })
    .onConflict(['projection', 'event_key'])
    .ignore();
}

async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Deadlocks and serialization failures between concurrent projector instances: try again.
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describe(raw: unknown): string {
  const envelope = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return (
    [envelope.type, envelope.stream, envelope.position].filter((v) => v !== undefined).join(' ') || typeof raw
  );
}
