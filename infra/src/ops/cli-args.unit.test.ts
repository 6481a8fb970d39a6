import { describe, expect, it } from 'vitest';
import { oneOf, parseCliArgs } from './cli-args.ts';
import { UsageError } from './usage-error.ts';

const usageError = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error('no UsageError');
};

describe('an ops command line', () => {
  const options = { format: { type: 'string' }, all: { type: 'boolean', default: false } } as const;

  it('gives the flags and the positionals', () => {
    const { values, positionals } = parseCliArgs(['rebuild', 'a_v1', '--format', 'json'], options);
    expect(values).toEqual({ format: 'json', all: false });
    expect(positionals).toEqual(['rebuild', 'a_v1']);
  });

  it('asks for the usage on --help and -h, with no message', () => {
    expect(usageError(() => parseCliArgs(['status', '--help'], options))).toBe('');
    expect(usageError(() => parseCliArgs(['-h'], options))).toBe('');
  });

  it('refuses an unknown flag, naming it', () => {
    expect(usageError(() => parseCliArgs(['--verbose'], options))).toMatch(/--verbose/);
  });
});

describe('a choice of values', () => {
  it('takes one of them, or the default when absent', () => {
    expect(oneOf('--format', 'json', ['table', 'json'], 'table')).toBe('json');
    expect(oneOf('--format', undefined, ['table', 'json'], 'table')).toBe('table');
    expect(oneOf('--source', undefined, ['kafka', 'store'])).toBeUndefined();
  });

  it('names the flag and the choices otherwise', () => {
    expect(usageError(() => oneOf('--source', 'disk', ['kafka', 'store']))).toBe(
      "--source is kafka or store, not 'disk'",
    );
    expect(usageError(() => oneOf('--format', 'xml', ['table', 'jsonl', 'csv'], 'table'))).toBe(
      "--format is one of table, jsonl, csv, not 'xml'",
    );
  });
});
