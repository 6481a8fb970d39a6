import { describe, expect, it } from 'vitest';
import { membersCsv } from './members-csv.ts';

describe('the members as CSV', () => {
  it('has a header, one line per member, quotes what needs it and defuses formulas', () => {
    const csv = membersCsv([
      {
        _id: 'm1',
        name: 'Rahim, Jr.',
        email: 'rahim@example.com',
        apartments: ['A-101', 'B-2'],
        balancePoisha: 1_234_550,
      },
      { _id: 'm2', name: '=HYPERLINK("x")', email: 'n@example.com', apartments: [], balancePoisha: 0 },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'name,email,apartments,balance_taka',
      '"Rahim, Jr.",rahim@example.com,A-101 B-2,12345.50',
      `"'=HYPERLINK(""x"")",n@example.com,,0.00`,
      '',
    ]);
  });
});
