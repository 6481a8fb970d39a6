import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@building/events/envelope';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { BadBackup } from '@building/infra/ops/backup/restore-backup';
import { writeBackup, type BackupResult } from '@building/infra/ops/backup/write-backup';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { createProjector } from '@building/projector/apply-events';
import { liveTarget } from '@building/projector/projection-target';
import { migrateProjector } from '@building/projector/projector-schema';
import { projections } from '@building/projector/projections/registry';
import { buildingHistory } from '@building/domain/testing/building-history';
import { hashViews } from '@building/projector/testing/views-harness';
import { restoreFromBackup } from '@building/stack/backup/restore-from-backup';
import { seedLog } from './seed-log/seed-log.ts';

const targets = projections.map(liveTarget);
const eventCount = async (db: TestDatabase['db'], upTo = Number.MAX_SAFE_INTEGER) =>
  Number((await db('events').where('position', '<=', upTo).count<{ n: string }[]>('* as n'))[0]!.n);
const hasEventsTable = async (db: TestDatabase['db']) =>
  (await db.raw<{ rows: Array<{ t: string | null }> }>("select to_regclass('events')::text as t")).rows[0]!
    .t !== null;

describe.skipIf(missing('postgres'))('backup and restore', { timeout: 600_000 }, () => {
  const databases: TestDatabase[] = [];
  const database = async (label: string) => {
    const made = await createTestDatabase(label);
    databases.push(made);
    return made;
  };
  let dir: string;
  let source: TestDatabase;
  let file: string;
  let backup: BackupResult;
  let liveWrites = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'building-backup-'));
    file = join(dir, 'building.backup.gz');
    source = await database('backup_source');
    await seedLog(source.db, { events: 100_000, seed: 11 });
    // Commands go on while the backup runs: it must take a consistent cut of the log without them.
    const history = buildingHistory(new PostgresEventStore(source.db));
    let backingUp = true;
    const commands = (async () => {
      while (backingUp) {
        await history.announce(`Notice ${liveWrites}`, 'while the backup runs');
        liveWrites += 1;
      }
    })();
    try {
      backup = await writeBackup(source.db, file);
    } finally {
      backingUp = false;
      await commands;
    }
  }, 600_000);
  afterAll(async () => {
    for (const made of databases) await made.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('takes a consistent cut of the log while commands go on', async () => {
    expect(liveWrites).toBeGreaterThan(0);
    expect(backup.events).toBeGreaterThanOrEqual(100_000);
    // Every event at or below the backup's last position is in it, and nothing above.
    expect(await eventCount(source.db, backup.lastPosition)).toBe(backup.events);
    expect(await eventCount(source.db)).toBeGreaterThan(backup.events);
  });

  it("restores into an empty database: the chains verify, the count and last position match, the views equal the log's", async () => {
    const target = await database('backup_target');
    const restored = await restoreFromBackup(target.db, file);
    expect(restored.verification).toMatch(/^OK: \d+ streams, \d+ events verified/);
    expect(restored.events).toBe(backup.events);
    expect(restored.lastPosition).toBe(backup.lastPosition);
    expect(await eventCount(target.db)).toBe(backup.events);
    const [last] = await target.db('events').max<{ p: string }[]>('position as p');
    expect(Number(last!.p)).toBe(backup.lastPosition);
    // The restored rows are the source's, byte for byte (hashes included).
    const sample = (db: TestDatabase['db']) =>
      db('events').where('position', '<=', backup.lastPosition).orderBy('position', 'desc').limit(50);
    expect(await sample(target.db)).toEqual(
      (await sample(source.db)).map((row: Record<string, unknown>) => ({ ...row, tx_id: expect.anything() })),
    );

    // The source's views of the same log, built by the live projector engine in a database of their own.
    const reference = await database('backup_reference');
    await migrateProjector(reference.db, targets);
    const projector = createProjector({ db: reference.db, targets, log: () => {} });
    let page: StoredEvent[] = [];
    for await (const events of new PostgresEventStore(source.db).readAll())
      for (const event of events) {
        if (event.position > backup.lastPosition) continue;
        page.push(event);
        if (page.length === 2000) {
          await projector.project(page);
          page = [];
        }
      }
    await projector.project(page);
    expect(await hashViews(target.db, targets)).toBe(await hashViews(reference.db, targets));

    // A second restore into the same database is refused: it is not empty any more.
    await expect(restoreFromBackup(target.db, file)).rejects.toThrow(/not empty/);
  });

  it('restores a prefix with --until', async () => {
    const target = await database('backup_until');
    const until = Math.floor(backup.lastPosition / 3);
    const restored = await restoreFromBackup(target.db, file, { until: { position: until } });
    expect(restored.lastPosition).toBe(until);
    expect(await eventCount(target.db)).toBe(await eventCount(source.db, until));
  });

  it('refuses a damaged or cut backup with a clear error and writes nothing', async () => {
    const bytes = readFileSync(file);
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    writeFileSync(join(dir, 'damaged.gz'), damaged);
    writeFileSync(join(dir, 'cut.gz'), bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    for (const [name, reason] of [
      ['damaged.gz', /damaged/],
      ['cut.gz', /damaged|cut short/],
    ] as const) {
      const target = await database('backup_refused');
      const failure = restoreFromBackup(target.db, join(dir, name));
      await expect(failure).rejects.toBeInstanceOf(BadBackup);
      await expect(failure).rejects.toThrow(reason);
      expect(await hasEventsTable(target.db)).toBe(false);
    }
  });
});
