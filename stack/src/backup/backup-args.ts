import { parseDate } from '@building/infra/ops/parse-date';
import { UsageError } from '@building/infra/ops/usage-error';
import type { Until } from '@building/infra/ops/backup/restore-backup';

export const backupUsage = `usage: npm run backup -- --out FILE
  writes a consistent, compressed backup of the event store (the log, the chain heads, the schema
  version, uploaded images, the mailer's record, and the auth emulator's accounts in the embedded
  mode) while the product runs; DATABASE_URL, else npm start's database`;

export const restoreUsage = `usage: npm run restore -- --from FILE [--until POSITION|DATE]
  restores a backup into an EMPTY database (DATABASE_URL, else npm start's, stopped and emptied),
  verifies every hash chain, then rebuilds every projection; --until restores the log up to a
  position (e.g. 5000) or a moment (2026-03-01, or an ISO date-time with an offset)`;

/** `--name value` pairs, each name at most once. */
function options(argv: readonly string[], allowed: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!;
    if (name === '--help' || name === '-h') throw new UsageError('');
    if (!allowed.includes(name)) throw new UsageError(`unknown option ${name}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
    if (found.has(name)) throw new UsageError(`${name} is given twice`);
    found.set(name, value);
  }
  return found;
}

export function parseBackupArgs(argv: readonly string[]): { out: string } {
  const out = options(argv, ['--out']).get('--out');
  if (!out) throw new UsageError('--out FILE is required');
  return { out };
}

export function parseRestoreArgs(argv: readonly string[]): { from: string; until: Until } {
  const found = options(argv, ['--from', '--until']);
  const from = found.get('--from');
  if (!from) throw new UsageError('--from FILE is required');
  const until = found.get('--until');
  if (until === undefined) return { from, until: null };
  if (/^\d+$/.test(until)) {
    const position = Number(until);
    if (!Number.isSafeInteger(position) || position < 1)
      throw new UsageError('--until: a position is 1 or more');
    return { from, until: { position } };
  }
  const date = parseDate(until, 'end');
  if (!date) throw new UsageError(`--until: ${until} is neither a position nor a date`);
  return { from, until: { date } };
}
