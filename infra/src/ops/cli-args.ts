import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { UsageError } from './usage-error.ts';

/**
 * An ops command's arguments, strictly: unknown flags and `--help`/`-h` become UsageErrors (the
 * shell prints the usage for both).
 */
export function parseCliArgs<O extends ParseArgsOptionsConfig>(argv: readonly string[], options: O) {
  const config = { args: [...argv], allowPositionals: true, strict: true, options } as const;
  let parsed;
  try {
    parsed = parseArgs({ ...config, options: { ...options, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) throw new UsageError('');
  return parsed as unknown as ReturnType<typeof parseArgs<typeof config>>;
}

/** One of `allowed` (or `fallback` when the flag is absent); anything else is a UsageError naming the flag. */
export function oneOf<const T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T;
export function oneOf<const T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined;
export function oneOf<const T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback?: T,
): T | undefined {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const choices = allowed.length === 2 ? allowed.join(' or ') : `one of ${allowed.join(', ')}`;
  throw new UsageError(`${flag} is ${choices}, not '${value}'`);
}
