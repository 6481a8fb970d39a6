/** `npm run restore -- --from FILE [--until POSITION|DATE]`: into an empty database, then every view rebuilt. */
import { runOpsCli, type CliContext } from '@building/infra/ops/cli-shell';
import { progressBar } from '@building/infra/ops/progress-bar';
import { restoreFromBackup } from './restore-from-backup.ts';
import { parseRestoreArgs, restoreUsage } from './backup-args.ts';

async function restore(
  command: ReturnType<typeof parseRestoreArgs>,
  { config, out, database }: CliContext,
): Promise<number> {
  const result = await restoreFromBackup(database(), command.from, {
    until: command.until,
    emulator: config.FIREBASE_AUTH_EMULATOR_HOST
      ? { host: config.FIREBASE_AUTH_EMULATOR_HOST, projectId: config.FIREBASE_PROJECT_ID }
      : undefined,
    progress: (label) => progressBar(label, { minTotal: 0 }),
    log: (line) => console.error(line),
  });
  out(
    `restored ${result.events} events (last position ${result.lastPosition}) from a backup of ` +
      `${result.header.events} taken ${result.header.createdAt}; ${result.verification}; ` +
      `rebuilt ${result.projections} projections${result.accounts === null ? '' : `; ${result.accounts} accounts`}\n`,
  );
  return 0;
}

await runOpsCli({ name: 'restore', usage: restoreUsage, parse: parseRestoreArgs, run: restore });
