import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Knex } from 'knex';
import type { StoredEvent } from '@building/events/envelope';
import { migrateEventStore } from '../../event-store/schema.ts';
import { rowToEnvelope, type EventRow } from '../../event-store/row-to-envelope.ts';
import { auditLog, describeVerification } from '../audit-log.ts';
import type { ReplayProgress } from '../replay-source.ts';
import {
  backupEventRow,
  backupHeader,
  backupTrailer,
  decodeValue,
  EVENT_STORE_SCHEMA_VERSION,
  sideTables,
  type BackupHeader,
  type SideTable,
} from './backup-format.ts';

/** A backup that cannot be restored: damaged, cut short, of another format, or a broken chain. */
export class BadBackup extends Error {}

/** Restores the log up to a position, or up to a moment (events that occurred at or before it). */
export type Until = { position: number } | { date: Date } | null;

export interface RestoreResult {
  header: BackupHeader;
  events: number;
  lastPosition: number;
  rows: Record<string, number>;
  verification: string;
}

const batchSize = 1000;

/** Everything in the target database that would be overwritten: a restore goes into an empty one. */
async function assertEmpty(db: Knex): Promise<void> {
  const { rows } = await db.raw<{ rows: Array<{ t: string | null }> }>(
    "select to_regclass('events')::text as t",
  );
  if (!rows[0]?.t) return;
  const [row] = await db('events').count<{ n: string }[]>('* as n');
  if (Number(row?.n ?? 0) > 0)
    throw new BadBackup(
      `the database is not empty (${row!.n} events): restore into a new, empty database (DATABASE_URL)`,
    );
}

/** The backup's lines, parsed; a damaged gzip stream or a line that is not JSON is a BadBackup. */
async function* backupLines(file: string): AsyncGenerator<{ line: string; value: unknown }> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  let failure: Error | null = null;
  // Both streams' errors are kept and reported as one BadBackup, even after reading stopped.
  source.on('error', (error) => gunzip.destroy((failure ??= error)));
  gunzip.on('error', (error) => (failure ??= error));
  const lines = createInterface({ input: source.pipe(gunzip), crlfDelay: Infinity });
  const damaged = (error: unknown) =>
    new BadBackup(
      `the backup is damaged or not a backup (${error instanceof Error ? error.message : String(error)})`,
    );
  try {
    for await (const line of lines) {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new BadBackup('the backup is damaged: a line is not JSON');
      }
      yield { line: `${line}\n`, value };
    }
  } catch (error) {
    throw error instanceof BadBackup ? error : damaged(error);
  } finally {
    lines.close();
    source.destroy();
    gunzip.destroy();
  }
  if (failure) throw damaged(failure);
}

const within = (until: Until, row: EventRow) =>
  !until ||
  ('position' in until
    ? Number(row.position) <= until.position
    : Date.parse(String(row.occurred_at)) <= until.date.getTime());

/**
 * Restores a backup into an empty database in one transaction: the event store's tables, the
 * log (or its prefix up to `until`), the side tables. Every line counts toward the file's
 * checksum and every event goes through the audit's chain check; a damaged file, a count or
 * checksum that does not match, or a broken chain rolls everything back: nothing is written.
 * The views are not restored: the caller rebuilds them from the log.
 */
export async function restoreBackup(
  db: Knex,
  file: string,
  options: {
    until?: Until;
    progress?: ReplayProgress;
    /** The services' own migrations of the side tables, run in the restore's transaction. */
    migrate?: (trx: Knex.Transaction) => Promise<void>;
  } = {},
): Promise<RestoreResult> {
  const until = options.until ?? null;
  await assertEmpty(db);
  const lines = backupLines(file);
  const first = await lines.next();
  const parsedHeader = backupHeader.safeParse(first.done ? undefined : first.value.value);
  if (!parsedHeader.success)
    throw new BadBackup('not a Building backup (its first line is no backup header)');
  const header = parsedHeader.data;
  if (header.schemaVersion !== EVENT_STORE_SCHEMA_VERSION)
    throw new BadBackup(
      `the backup's event store schema is version ${header.schemaVersion}; this release reads version ${EVENT_STORE_SCHEMA_VERSION}`,
    );
  const sha = createHash('sha256').update(first.done ? '' : first.value.line);

  return db.transaction(async (trx) => {
    await migrateEventStore(trx);
    await options.migrate?.(trx);
    let read = 0;
    let restored = 0;
    let lastPosition = 0;
    const rows: Record<string, number> = Object.fromEntries(sideTables.map((t) => [t, 0]));
    const side: Array<{ table: SideTable; row: Record<string, unknown> }> = [];
    let trailer: unknown = null;
    let pending: EventRow[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      // jsonb columns take JSON text: a bare string (the `system` actor) is no JSON to the driver.
      await trx('events').insert(
        pending.map((row) => ({ ...row, data: JSON.stringify(row.data), actor: JSON.stringify(row.actor) })),
      );
      pending = [];
    };
    options.progress?.start(header.events);

    // The events of the file, restored as they pass through the audit's chain check.
    async function* events(): AsyncGenerator<StoredEvent> {
      for await (const { line, value } of lines) {
        if (trailer !== null) throw new BadBackup('the backup is damaged: lines after its end');
        if (typeof value === 'object' && value !== null && 'end' in value) {
          trailer = value;
          continue;
        }
        sha.update(line);
        if (typeof value === 'object' && value !== null && 'table' in value && 'row' in value) {
          const { table, row } = value as { table: SideTable; row: Record<string, unknown> };
          if (!sideTables.includes(table))
            throw new BadBackup(`the backup is damaged: unknown table ${String(table)}`);
          side.push({
            table,
            row: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, decodeValue(v)])),
          });
          continue;
        }
        if (typeof value !== 'object' || value === null || !('event' in value))
          throw new BadBackup('the backup is damaged: a line is neither an event nor a row');
        if (!backupEventRow.safeParse(value.event).success)
          throw new BadBackup('the backup is damaged: an event line does not hold an event row');
        const row = value.event as EventRow;
        read += 1;
        options.progress?.advance(1);
        if (!within(until, row)) continue;
        pending.push(row);
        restored += 1;
        lastPosition = Number(row.position);
        if (pending.length >= batchSize) await flush();
        yield rowToEnvelope({ ...row, occurred_at: `${String(row.occurred_at).slice(0, 23)}Z` });
      }
    }

    const audit = await auditLog(events(), {}, () => {});
    options.progress?.stop();
    await flush();
    const end = backupTrailer.safeParse(trailer);
    if (!end.success) throw new BadBackup('the backup is cut short: its end is missing');
    if (end.data.sha256 !== sha.digest('hex') || end.data.events !== read || read !== header.events)
      throw new BadBackup('the backup is damaged: its checksum or event count does not match its content');
    if (!audit.verification.ok)
      throw new BadBackup(
        `the backup's hash chains do not verify: ${describeVerification(audit.verification)}`,
      );
    if (restored > 0) await trx.raw("select setval('events_position_seq', ?)", [lastPosition]);
    for (const table of sideTables) {
      const mine = side.filter((s) => s.table === table).map((s) => s.row);
      rows[table] = mine.length;
      if (mine.length === 0) continue;
      for (let i = 0; i < mine.length; i += batchSize) await trx(table).insert(mine.slice(i, i + batchSize));
    }
    return {
      header,
      events: restored,
      lastPosition,
      rows,
      verification: describeVerification(audit.verification),
    };
  });
}
