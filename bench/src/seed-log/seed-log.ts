import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import type { StoredEvent } from '@building/events/envelope';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { copyRows } from '@building/infra/postgres/copy-rows';
import { decideBuilding } from './building-scenario.ts';

const columns = [
  'position',
  'id',
  'stream',
  'version',
  'type',
  'schema_version',
  'data',
  'occurred_at',
  'actor',
  'correlation_id',
  'causation_id',
  'prev_hash',
  'hash',
] as const;

const toRow = (e: StoredEvent) => [
  e.position,
  e.id,
  e.stream,
  e.version,
  e.type,
  e.schemaVersion,
  JSON.stringify(e.data),
  e.occurredAt,
  JSON.stringify(e.actor),
  e.correlationId,
  e.causationId,
  e.prevHash,
  e.hash,
];

/**
 * `npm run seed-log -- --events N`: appends a synthetic history of N events (decided by the command
 * handlers, see building-scenario.ts) to the store with COPY, in one transaction: valid hash chains,
 * positions after the store's last, apartments after its highest. Creates the store's schema when
 * missing. Seeded events skip the outbox: they are history, not news for Kafka.
 */
export async function seedLog(
  db: Knex,
  options: { events: number; seed?: number; onProgress?: (events: number) => void },
): Promise<{ events: number; firstPosition: number; lastPosition: number }> {
  await migrateEventStore(db);
  // An append that lands before the COPY's table lock makes it fail on a duplicate position: all or nothing.
  const start = await db.raw<{ rows: Array<{ last: string | null; si: number | null }> }>(
    `select (select max(position) from events) as last,
            (select max(substring(stream from '^apartment-(\\d+)$')::int) from events where stream like 'apartment-%') as si`,
  );
  const firstPosition = Number(start.rows[0]?.last ?? 0) + 1;
  let written = 0;
  let lastPosition = firstPosition - 1;
  async function* batches() {
    for await (const events of decideBuilding({
      events: options.events,
      seed: options.seed,
      firstPosition,
      firstSi: (start.rows[0]?.si ?? 0) + 1,
      tag: randomBytes(3).toString('hex'),
    })) {
      yield events.map(toRow);
      written += events.length;
      lastPosition = events.at(-1)?.position ?? lastPosition;
      options.onProgress?.(written);
    }
  }
  await copyRows(db, {
    table: 'events',
    columns,
    rows: { batches: batches() },
    before: ['lock table events in exclusive mode'],
    after: [
      `select setval(pg_get_serial_sequence('events', 'position'), (select max(position) from events))`,
    ],
  });
  // As after any bulk load: the fresh rows' visibility is settled once, here (on a cluster with
  // data checksums, the first read of each new page writes it again, logged in full), and the
  // planner learns the table's new size.
  await db.raw('vacuum analyze events');
  return { events: written, firstPosition, lastPosition };
}
