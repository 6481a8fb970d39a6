import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { Knex } from 'knex';
import type { ReplayProgress } from '../replay-source.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  EVENT_STORE_SCHEMA_VERSION,
  encodeValue,
  sideTables,
  type BackupHeader,
} from './backup-format.ts';

const pageSize = 5000;

/** The rows as Postgres has them, the time with its microseconds: a restore writes them back exactly. */
const eventColumns = `position::int8 as position, id, stream, version, type, schema_version, data,
  to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_at,
  actor, correlation_id, causation_id, prev_hash, hash`;

/**
 * Opens a snapshot of the whole database in which no event-store transaction is in flight, so the
 * log it shows is a prefix of positions with no holes that a later commit would fill: a share
 * lock on `events` waits for the writers under way and holds new ones back for the instant it
 * takes to export the snapshot; the backup then reads that snapshot while commands go on.
 */
async function consistentSnapshot(db: Knex): Promise<Knex.Transaction> {
  const snapshot = await db.transaction(async (lock) => {
    await lock.raw('lock table events in share mode');
    const { rows } = await lock.raw<{ rows: Array<{ id: string }> }>('select pg_export_snapshot() as id');
    const reader = await db.transaction({ isolationLevel: 'repeatable read', readOnly: true });
    await reader.raw(`set transaction snapshot '${rows[0]!.id.replace(/'/g, '')}'`);
    return reader;
  });
  return snapshot;
}

export interface BackupResult {
  file: string;
  events: number;
  lastPosition: number;
  rows: Record<string, number>;
  bytes: number;
}

/**
 * Writes a backup of the event store to `file` (through a temporary name, renamed once complete):
 * the log, the chain heads, the schema version, the side tables and `accounts` when given.
 */
export async function writeBackup(
  db: Knex,
  file: string,
  options: {
    accounts?: () => Promise<Array<Record<string, unknown>> | null>;
    progress?: ReplayProgress;
  } = {},
): Promise<BackupResult> {
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(out);
  const sha = createHash('sha256');
  const write = async (value: unknown) => {
    const line = `${JSON.stringify(value)}\n`;
    sha.update(line);
    if (!gzip.write(line)) await once(gzip, 'drain');
  };
  const reader = await consistentSnapshot(db);
  try {
    const [stats] = await reader('events').select<{ n: string; last: string | null }[]>(
      reader.raw('count(*) as n'),
      reader.raw('max(position) as last'),
    );
    const heads = await reader
      .select<{ stream: string; version: number; hash: string }[]>('stream', 'version', 'hash')
      .from(
        reader.raw(
          '(select distinct on (stream) stream, version, hash from events order by stream, version desc) h',
        ),
      )
      .orderBy('stream');
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      schemaVersion: EVENT_STORE_SCHEMA_VERSION,
      createdAt: new Date().toISOString(),
      events: Number(stats?.n ?? 0),
      lastPosition: Number(stats?.last ?? 0),
      heads,
      accounts: (await options.accounts?.()) ?? null,
    };
    await write(header);
    options.progress?.start(header.events);
    let after = 0;
    let events = 0;
    for (;;) {
      const { rows } = await reader.raw<{ rows: Array<Record<string, unknown>> }>(
        `select ${eventColumns} from events where position > ? order by position limit ${pageSize}`,
        [after],
      );
      for (const row of rows) await write({ event: { ...row, position: Number(row.position) } });
      events += rows.length;
      options.progress?.advance(rows.length);
      if (rows.length < pageSize) break;
      after = Number(rows.at(-1)!.position);
    }
    options.progress?.stop();
    const counts: Record<string, number> = {};
    for (const table of sideTables) {
      const exists = await reader.raw<{ rows: Array<{ t: string | null }> }>(
        'select to_regclass(?)::text as t',
        [table],
      );
      counts[table] = 0;
      if (!exists.rows[0]?.t) continue;
      for (const row of await reader(table).select<Array<Record<string, unknown>>>('*')) {
        await write({
          table,
          row: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encodeValue(v)])),
        });
        counts[table] += 1;
      }
    }
    const trailer = { end: true, events, rows: counts, sha256: sha.digest('hex') };
    gzip.end(`${JSON.stringify(trailer)}\n`);
    await once(out, 'close');
    await rename(partial, file);
    return { file, events, lastPosition: header.lastPosition, rows: counts, bytes: out.bytesWritten };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await reader.rollback().catch(() => {});
  }
}
