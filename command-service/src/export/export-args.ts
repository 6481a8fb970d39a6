import { startOfBuildingDay } from '@building/events/rent-ledger/building-calendar';
import type { SourceName } from '@building/infra/ops/open-replay-source';
import { oneOf, parseCliArgs } from '@building/infra/ops/cli-args';
import { UsageError } from '@building/infra/ops/usage-error';

export const exportUsage = `usage:
  npm run export -- --journal --from DAY --to DAY [--out FILE] [--source kafka|store]

  --journal  the journal, one CSV row per line of each entry: date,entry,memo,account,debit,credit
             (amounts in taka with 2 decimals), folded from the log
  DAY        2026-03-01: a Dhaka calendar day, --from its start, --to its end
  --out      write the CSV to FILE (default: stdout)
  --source   where to read the log: kafka when KAFKA_BROKERS is set, else the event store
             (DATABASE_URL, default: the embedded database of \`npm start\`)`;

export interface ExportCommand {
  from: Date;
  to: Date;
  out?: string;
  source?: SourceName;
}

/** Parses `npm run export` arguments; throws UsageError naming what is wrong. */
export function parseExportArgs(argv: readonly string[]): ExportCommand {
  const { values, positionals } = parseCliArgs(argv, {
    journal: { type: 'boolean', default: false },
    from: { type: 'string' },
    to: { type: 'string' },
    out: { type: 'string' },
    source: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}`);
  if (!values.journal) throw new UsageError('say what to export: --journal');
  if (values.from === undefined || values.to === undefined)
    throw new UsageError('--journal needs --from and --to');
  const from = dayStart('--from', values.from);
  const to = new Date(dayStart('--to', values.to).getTime() + 24 * 3600_000 - 1);
  if (from > to) throw new UsageError('--from is after --to');
  const source = oneOf('--source', values.source, ['kafka', 'store']);
  return { from, to, ...(values.out !== undefined && { out: values.out }), ...(source && { source }) };
}

/** The first moment of a Dhaka calendar day written YYYY-MM-DD. */
function dayStart(flag: string, value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = (match ?? []).slice(1).map(Number);
  const utc = match ? new Date(Date.UTC(year!, month! - 1, day!)) : null;
  if (!utc || utc.toISOString().slice(0, 10) !== value)
    throw new UsageError(`${flag} '${value}' is not a day (2026-03-01)`);
  return startOfBuildingDay(year!, month! - 1, day!);
}
