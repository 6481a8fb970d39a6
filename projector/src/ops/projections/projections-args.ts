import { oneOf, parseCliArgs } from '@building/infra/ops/cli-args';
import { UsageError } from '@building/infra/ops/usage-error';
import { projectionNamePattern } from './retire-projection.ts';

export const projectionsUsage = `usage:
  npm run projections -- status [--format table|json]
  npm run projections -- rebuild <name...> [--batch-size N]
  npm run projections -- rebuild --all [--batch-size N]
  npm run projections -- retire <name>   drop a version no longer registered (after a switch)

  name          a projection, e.g. apartments_v1 (status lists them)
  --batch-size  events per replay transaction (default 500)
  The database is DATABASE_URL, default: the embedded one of \`npm start\`,
  postgres://postgres:building@127.0.0.1:54329/postgres`;

export type ProjectionsCommand =
  | { kind: 'status'; format: 'table' | 'json' }
  | { kind: 'rebuild'; names: string[] | 'all'; batchSize: number }
  | { kind: 'retire'; name: string };

/** Parses `npm run projections` arguments against the known projection names. */
export function parseProjectionsArgs(argv: readonly string[], known: readonly string[]): ProjectionsCommand {
  const { values, positionals } = parseCliArgs(argv, {
    all: { type: 'boolean', default: false },
    format: { type: 'string' },
    'batch-size': { type: 'string' },
  });
  const [command, ...rest] = positionals;
  if (command === 'status') {
    if (rest.length > 0 || values.all || values['batch-size'] !== undefined)
      throw new UsageError('status takes only --format');
    return { kind: 'status', format: oneOf('--format', values.format, ['table', 'json'], 'table') };
  }
  if (command === 'rebuild') {
    if (values.format !== undefined) throw new UsageError('rebuild takes no --format');
    if (values.all === rest.length > 0)
      throw new UsageError('rebuild takes projection names or --all (one of them)');
    const unknown = rest.filter((name) => !known.includes(name));
    if (unknown.length > 0)
      throw new UsageError(`unknown projection ${unknown.join(', ')} (known: ${known.join(', ')})`);
    const batchSize = values['batch-size'] === undefined ? 500 : Number(values['batch-size']);
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
      throw new UsageError(`--batch-size is a whole number from 1 to 10000, not '${values['batch-size']}'`);
    return { kind: 'rebuild', names: values.all ? 'all' : [...new Set(rest)], batchSize };
  }
  if (command === 'retire') {
    if (rest.length !== 1 || values.all || values.format !== undefined || values['batch-size'] !== undefined)
      throw new UsageError('retire takes exactly one projection name');
    const name = rest[0]!;
    if (known.includes(name))
      throw new UsageError(`${name} is still registered: remove it from the registry first`);
    if (!projectionNamePattern.test(name))
      throw new UsageError(`'${name}' is not a projection name (e.g. apartments_v1)`);
    return { kind: 'retire', name };
  }
  throw new UsageError(command === undefined ? 'name a command' : `unknown command '${command}'`);
}
