import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { parseEvery, scheduledBackups } from './scheduled-backups.ts';

describe('the supervisor’s scheduled backups', () => {
  it('read BACKUP_EVERY as minutes, hours or days, within bounds', () => {
    expect(parseEvery('30m')).toBe(1_800_000);
    expect(parseEvery('6h')).toBe(21_600_000);
    expect(parseEvery('1d')).toBe(86_400_000);
    for (const bad of ['0m', '1s', 'daily', '31d', '']) expect(() => parseEvery(bad)).toThrow(/BACKUP_EVERY/);
  });

  describe.skipIf(missing('postgres'))('against a database', () => {
    let test: TestDatabase;
    const dir = mkdtempSync(join(tmpdir(), 'building-backups-'));
    afterAll(async () => {
      await test?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('are off without BACKUP_DIR, and keep the newest BACKUP_KEEP files', async () => {
      test = await createTestDatabase('scheduled_backups');
      await migrateEventStore(test.db);
      expect(scheduledBackups({ env: {}, databaseUrl: test.url, log: () => {} })).toBeNull();
      let now = Date.parse('2026-03-01T00:00:00Z');
      const lines: string[] = [];
      const backups = scheduledBackups({
        env: { BACKUP_DIR: dir, BACKUP_EVERY: '1h', BACKUP_KEEP: '2' },
        databaseUrl: test.url,
        log: (line) => lines.push(line),
        clock: () => new Date((now += 3_600_000)),
      })!;
      try {
        for (let i = 0; i < 3; i++) await backups.backUpNow();
      } finally {
        await backups.stop();
      }
      expect(readdirSync(dir).sort()).toEqual([
        'building-20260301T020000Z.backup.gz',
        'building-20260301T030000Z.backup.gz',
      ]);
      expect(lines[0]).toMatch(/backups every 1h into .*, keeping 2/);
    });
  });
});
