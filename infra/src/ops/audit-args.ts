import type { Category } from '@building/events/streams';
import { auditCategoryNames, toCategories } from './audit-categories.ts';
import { auditFormats, type AuditFormat } from './audit-formats.ts';
import { oneOf, parseCliArgs } from './cli-args.ts';
import { parseDate } from './parse-date.ts';
import type { SourceName } from './open-replay-source.ts';
import { UsageError } from './usage-error.ts';

export const auditUsage = `usage:
  npm run audit -- <category...> [--from DATE] [--to DATE] [--format table|jsonl|csv] [--verify] [--source kafka|store]
  npm run audit -- state --at DATE [--format table|json] [--source kafka|store]

  category  ${auditCategoryNames.join(', ')}, or all
  DATE      2026-03-01 (a whole day: --from its start, --to its end) or 2026-03-01T12:00:00Z
  --verify  check every stream's hash chain; exit 1 at the first broken link
  --source  where to replay from: kafka when KAFKA_BROKERS is set, else the event store
            (DATABASE_URL, default: the embedded database of \`npm start\`,
            postgres://postgres:building@127.0.0.1:54329/postgres)`;

export type AuditCommand =
  | {
      kind: 'replay';
      categories: Category[];
      from?: Date;
      to?: Date;
      format: AuditFormat;
      verify: boolean;
      source?: SourceName;
    }
  | { kind: 'state'; at: Date; format: 'table' | 'json'; source?: SourceName };

/** Parses `npm run audit` arguments; throws UsageError naming what is wrong. */
export function parseAuditArgs(argv: readonly string[]): AuditCommand {
  const { values, positionals } = parseCliArgs(argv, {
    from: { type: 'string' },
    to: { type: 'string' },
    at: { type: 'string' },
    format: { type: 'string' },
    verify: { type: 'boolean', default: false },
    source: { type: 'string' },
  });
  const source = oneOf('--source', values.source, ['kafka', 'store']);

  if (positionals[0] === 'state') {
    if (positionals.length > 1)
      throw new UsageError(`state takes no categories (got ${positionals.slice(1).join(' ')})`);
    for (const flag of ['from', 'to'] as const)
      if (values[flag] !== undefined) throw new UsageError(`state takes --at, not --${flag}`);
    if (values.verify) throw new UsageError('state does not verify: run the replay with --verify');
    if (values.at === undefined) throw new UsageError('state needs --at DATE');
    const format = oneOf('state --format', values.format, ['table', 'json'], 'table');
    return { kind: 'state', at: requiredDate('--at', values.at, 'start'), format, source };
  }

  if (positionals.length === 0) throw new UsageError('name at least one category');
  if (values.at !== undefined) throw new UsageError('--at belongs to `state`');
  let categories: Category[];
  try {
    categories = toCategories(positionals);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const format = oneOf('--format', values.format, auditFormats, 'table');
  const from = values.from === undefined ? undefined : requiredDate('--from', values.from, 'start');
  const to = values.to === undefined ? undefined : requiredDate('--to', values.to, 'end');
  if (from && to && from > to) throw new UsageError('--from is after --to');
  return {
    kind: 'replay',
    categories,
    from,
    to,
    format,
    verify: values.verify,
    source,
  };
}

function requiredDate(flag: string, value: string, edge: 'start' | 'end'): Date {
  const date = parseDate(value, edge);
  if (!date) throw new UsageError(`${flag} '${value}' is not a date (2026-03-01 or 2026-03-01T12:00:00Z)`);
  return date;
}
