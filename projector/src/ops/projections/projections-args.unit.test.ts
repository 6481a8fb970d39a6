import { describe, expect, it } from 'vitest';
import { UsageError } from '@building/infra/ops/usage-error';
import { parseProjectionsArgs } from './projections-args.ts';

const known = ['apartments_v1', 'coupons_v1'];

describe('npm run projections arguments', () => {
  it('parses status, rebuild by name and rebuild --all', () => {
    expect(parseProjectionsArgs(['status'], known)).toEqual({ kind: 'status', format: 'table' });
    expect(parseProjectionsArgs(['status', '--format', 'json'], known)).toEqual({
      kind: 'status',
      format: 'json',
    });
    expect(parseProjectionsArgs(['rebuild', 'coupons_v1'], known)).toEqual({
      kind: 'rebuild',
      names: ['coupons_v1'],
      batchSize: 500,
    });
    expect(parseProjectionsArgs(['rebuild', '--all', '--batch-size', '50'], known)).toEqual({
      kind: 'rebuild',
      names: 'all',
      batchSize: 50,
    });
  });

  it('parses retire for a version no longer registered', () => {
    expect(parseProjectionsArgs(['retire', 'apartments_v0'], known)).toEqual({
      kind: 'retire',
      name: 'apartments_v0',
    });
  });

  it.each([
    [['retire', 'apartments_v1']],
    [['retire']],
    [['retire', 'a_v0', 'b_v0']],
    [['retire', 'events']],
    [[]],
    [['drop']],
    [['rebuild']],
    [['rebuild', 'nope_v1']],
    [['rebuild', '--all', 'coupons_v1']],
    [['rebuild', '--all', '--batch-size', '0']],
    [['rebuild', '--all', '--batch-size', 'many']],
    [['status', '--all']],
    [['status', '--format', 'xml']],
  ])('rejects %j', (argv) => {
    expect(() => parseProjectionsArgs(argv, known)).toThrow(UsageError);
  });
});
