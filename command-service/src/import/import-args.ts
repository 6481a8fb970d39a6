import { parseCliArgs } from '@building/infra/ops/cli-args';
import { UsageError } from '@building/infra/ops/usage-error';
import type { ImportFileKind } from './import-rows.ts';

export const importUsage = `usage:
  npm run import -- [--apartments FILE] [--residents FILE] [--balances FILE] [--dry-run]

  --apartments  CSV: si,apartment,block,floor,room,rent[,image]   (rent in whole taka)
  --residents   CSV: email,name,si[,deposit_months]               (si: the apartment they lease)
  --balances    CSV: email,kind,amount,as_of[,note]               (kind arrears|credit, amount in taka)
  --dry-run     print the events it would record, record nothing

  At least one file. Every bad row of every file is reported (file:line column: reason) and then
  nothing is recorded (exit 1); otherwise all rows are recorded in one transaction, or none. Rows
  the building already holds are not recorded again. The store: DATABASE_URL, default the
  embedded database of \`npm start\` (postgres://postgres:building@127.0.0.1:54329/postgres).`;

export interface ImportCommand {
  files: Partial<Record<ImportFileKind, string>>;
  dryRun: boolean;
}

/** Parses `npm run import` arguments; throws UsageError naming what is wrong. */
export function parseImportArgs(argv: readonly string[]): ImportCommand {
  const { values, positionals } = parseCliArgs(argv, {
    apartments: { type: 'string' },
    residents: { type: 'string' },
    balances: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}`);
  const files = Object.fromEntries(
    (['apartments', 'residents', 'balances'] as const).flatMap((kind) =>
      values[kind] === undefined ? [] : [[kind, values[kind]]],
    ),
  );
  if (Object.keys(files).length === 0) throw new UsageError('name at least one file to import');
  return { files, dryRun: values['dry-run'] };
}
