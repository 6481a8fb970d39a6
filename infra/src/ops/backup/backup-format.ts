import { z } from 'zod';

/**
 * A backup file: gzip'd JSON lines. The header, then each event row in log order, then the rows
 * of the side tables (uploaded images, the mailer's record of sent emails), then a trailer with
 * the counts and the sha256 of every line before it, so a damaged or cut file is refused whole.
 */
export const BACKUP_FORMAT = 'building-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** The event store's schema the rows are in (infra/src/event-store/schema.ts); bump it with a change. */
export const EVENT_STORE_SCHEMA_VERSION = 1;

/** Tables restored with the log: what is not derived from it. Views and checkpoints are rebuilt. */
export const sideTables = ['images', 'mailer_sent'] as const;
export type SideTable = (typeof sideTables)[number];

export const backupHeader = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  schemaVersion: z.number().int(),
  createdAt: z.string(),
  /** The log as of the backup's snapshot: its event count and last position. */
  events: z.number().int().nonnegative(),
  lastPosition: z.number().int().nonnegative(),
  /** Each stream's last version and hash: the chain heads a restore must end on. */
  heads: z.array(z.object({ stream: z.string(), version: z.number().int(), hash: z.string() })),
  /** The auth emulator's accounts (embedded mode), or null. */
  accounts: z.array(z.record(z.string(), z.unknown())).nullable(),
});
export type BackupHeader = z.infer<typeof backupHeader>;

export const backupTrailer = z.object({
  end: z.literal(true),
  events: z.number().int().nonnegative(),
  rows: z.record(z.string(), z.number().int().nonnegative()),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupTrailer = z.infer<typeof backupTrailer>;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const int4 = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 31 - 1);
const present = z.unknown().refine((value) => value !== undefined && value !== null);

/**
 * An event row as its line carries it (write-backup.ts's `eventColumns`), in the types of the
 * `events` table: a restore writes rows before it reaches the checksum at the end, so a line a
 * damaged file garbled must be refused here, not fail the insert or the decoding.
 */
export const backupEventRow = z.object({
  position: z.number().int().positive(),
  id: uuid,
  stream: z.string().min(1),
  version: int4.positive(),
  type: z.string().min(1),
  schema_version: int4,
  data: present,
  occurred_at: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
  actor: present,
  correlation_id: uuid,
  causation_id: uuid.nullable(),
  prev_hash: z.string().nullable(),
  hash: z.string().min(1),
});

/** Bytes (bytea) travel as base64 in the JSON lines. */
export const encodeValue = (value: unknown) =>
  Buffer.isBuffer(value) ? { $bytes: value.toString('base64') } : value;
export const decodeValue = (value: unknown) =>
  typeof value === 'object' && value !== null && '$bytes' in value && typeof value.$bytes === 'string'
    ? Buffer.from(value.$bytes, 'base64')
    : value;
