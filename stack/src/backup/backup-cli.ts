/** `npm run backup -- --out FILE`: a consistent backup of the event store while the product runs. */
import { runOpsCli, type CliContext } from '@building/infra/ops/cli-shell';
import { progressBar } from '@building/infra/ops/progress-bar';
import { writeBackup } from '@building/infra/ops/backup/write-backup';
import { backupUsage, parseBackupArgs } from './backup-args.ts';
import { exportAccounts } from './emulator-accounts.ts';

async function backup(command: { out: string }, { config, out, database }: CliContext): Promise<number> {
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST;
  const result = await writeBackup(database(), command.out, {
    accounts: emulator ? () => exportAccounts(emulator, config.FIREBASE_PROJECT_ID) : undefined,
    progress: progressBar('backup', { minTotal: 0 }),
  });
  out(
    `backed up ${result.events} events (last position ${result.lastPosition}), ` +
      `${result.rows.images ?? 0} images, ${result.rows.mailer_sent ?? 0} email records ` +
      `to ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB)\n`,
  );
  return 0;
}

await runOpsCli({ name: 'backup', usage: backupUsage, parse: parseBackupArgs, run: backup });
