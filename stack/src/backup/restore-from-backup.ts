import type { Knex } from 'knex';
import { migrateImages } from '@building/command-service/images/schema';
import { restoreBackup, type RestoreResult, type Until } from '@building/infra/ops/backup/restore-backup';
import type { ReplayProgress } from '@building/infra/ops/replay-source';
import { migrateMailer } from '@building/projector/mailer/mailer-schema';
import { rebuildProjections } from '@building/projector/ops/projections/rebuild-projections';
import { projections } from '@building/projector/projections/registry';
import { importAccounts } from './emulator-accounts.ts';

/**
 * A whole restore: the log and side tables in one transaction (nothing written unless the file is
 * whole and every chain verifies), then every projection rebuilt from the restored log, then the
 * auth emulator's accounts when the backup has them and an emulator is configured.
 */
export async function restoreFromBackup(
  db: Knex,
  file: string,
  options: {
    until?: Until;
    emulator?: { host: string; projectId: string };
    progress?: (label: string) => ReplayProgress;
    log?: (line: string) => void;
  } = {},
): Promise<RestoreResult & { projections: number; accounts: number | null }> {
  const restored = await restoreBackup(db, file, {
    until: options.until,
    progress: options.progress?.('restore'),
    migrate: async (trx) => {
      await migrateImages(trx);
      await migrateMailer(trx);
    },
  });
  options.log?.(`restore: ${restored.verification}`);
  const rebuilt = await rebuildProjections(db, projections, {
    progress: options.progress?.('rebuild'),
    log: options.log && ((line) => options.log!(`[rebuild] ${line}`)),
  });
  const accounts =
    options.emulator && restored.header.accounts
      ? await importAccounts(options.emulator.host, options.emulator.projectId, restored.header.accounts)
      : null;
  return { ...restored, projections: rebuilt.projections.length, accounts };
}
