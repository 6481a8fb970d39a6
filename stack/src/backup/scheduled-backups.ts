import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { writeBackup } from '@building/infra/ops/backup/write-backup';
import { openDatabase } from '@building/infra/ops/open-replay-source';
import { exportAccounts } from './emulator-accounts.ts';

const units = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `30m`, `6h`, `1d`: how often; at least a minute, at most 30 days. */
export function parseEvery(text: string): number {
  const match = /^(\d+)([mhd])$/.exec(text.trim());
  const ms = match ? Number(match[1]) * units[match[2] as keyof typeof units] : NaN;
  if (!(ms >= units.m && ms <= 30 * units.d))
    throw new Error(`BACKUP_EVERY: ${text} is not an interval from 1m to 30d (e.g. 30m, 6h, 1d)`);
  return ms;
}

const settings = z.object({
  BACKUP_DIR: z.string().trim().min(1),
  BACKUP_EVERY: z.string().default('1d'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

const namePattern = /^building-\d{8}T\d{6}Z\.backup\.gz$/;
const fileName = (at: Date) => `building-${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z.backup.gz`;

/**
 * The supervisor's scheduled backups: with BACKUP_DIR set, one every BACKUP_EVERY (first one a
 * period after the start), keeping the newest BACKUP_KEEP files; a failed one is reported and the
 * next is tried on schedule. Null when BACKUP_DIR is unset.
 */
export function scheduledBackups(options: {
  env: Record<string, string | undefined>;
  databaseUrl: string;
  emulator?: { host: string; projectId: string };
  log: (line: string) => void;
  clock?: () => Date;
}): { backUpNow(): Promise<string>; stop(): Promise<void> } | null {
  if (!options.env.BACKUP_DIR?.trim()) return null;
  const parsed = settings.parse(options.env);
  const everyMs = parseEvery(parsed.BACKUP_EVERY);
  const dir = resolve(parsed.BACKUP_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const clock = options.clock ?? (() => new Date());
  const db = openDatabase(options.databaseUrl, 2);
  let running: Promise<unknown> = Promise.resolve();

  const backUpNow = async () => {
    const file = join(dir, fileName(clock()));
    const { emulator } = options;
    const result = await writeBackup(db, file, {
      accounts: emulator ? () => exportAccounts(emulator.host, emulator.projectId) : undefined,
    });
    options.log(`backup: ${result.events} events to ${file}`);
    const backups = readdirSync(dir)
      .filter((name) => namePattern.test(name))
      .sort();
    for (const old of backups.slice(0, Math.max(0, backups.length - parsed.BACKUP_KEEP)))
      rmSync(join(dir, old));
    return file;
  };
  const timer = setInterval(() => {
    running = backUpNow().catch((error: unknown) =>
      options.log(`backup failed (the next in ${parsed.BACKUP_EVERY}): ${(error as Error).message}`),
    );
  }, everyMs);
  timer.unref();
  options.log(`backups every ${parsed.BACKUP_EVERY} into ${dir}, keeping ${parsed.BACKUP_KEEP}`);
  return {
    backUpNow,
    async stop() {
      clearInterval(timer);
      await running;
      await db.destroy();
    },
  };
}
