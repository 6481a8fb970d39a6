import { categories } from '@building/events/streams';
import { describe, expect, it } from 'vitest';
import { parseAuditArgs } from './audit-args.ts';
import { UsageError } from './usage-error.ts';

describe('npm run audit arguments', () => {
  it('takes categories, a window, a format and --verify', () => {
    expect(
      parseAuditArgs([
        'agreements',
        'payments',
        '--from',
        '2026-01-01',
        '--to',
        '2026-01-31',
        '--format',
        'csv',
        '--verify',
      ]),
    ).toEqual({
      kind: 'replay',
      categories: ['agreement', 'payment'],
      from: new Date('2026-01-01T00:00:00.000Z'),
      to: new Date('2026-01-31T23:59:59.999Z'),
      format: 'csv',
      verify: true,
      source: undefined,
    });
  });

  it('expands all into every category and defaults to a table', () => {
    const command = parseAuditArgs(['all']);
    expect(command).toMatchObject({ kind: 'replay', format: 'table', verify: false });
    expect(command.kind === 'replay' && command.categories).toEqual([...categories]);
  });

  it('parses state --at', () => {
    expect(parseAuditArgs(['state', '--at', '2026-02-01T12:00:00+06:00'])).toEqual({
      kind: 'state',
      at: new Date('2026-02-01T06:00:00.000Z'),
      format: 'table',
      source: undefined,
    });
  });

  it.each([
    [[]],
    [['agreement']],
    [['agreements', '--format', 'xml']],
    [['agreements', '--from', 'yesterday']],
    [['agreements', '--from', '2026-02-30']],
    [['agreements', '--from', '2026-03-01', '--to', '2026-02-01']],
    [['agreements', '--bogus']],
    [['agreements', '--source', 'redis']],
    [['state']],
    [['state', 'payments', '--at', '2026-01-01']],
    [['state', '--at', '2026-01-01', '--verify']],
  ])('rejects %j', (argv) => {
    expect(() => parseAuditArgs(argv)).toThrow(UsageError);
  });
});
