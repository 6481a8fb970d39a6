import { describe, expect, it } from 'vitest';
import { countMisses, formatJsonLines, formatNumber, formatReport, type BenchOutcome } from './report.ts';

const outcomes: BenchOutcome[] = [
  {
    bench: 'append',
    figures: [
      { metric: 'appends/s', value: 812.4, unit: '/s', target: { atLeast: 500 }, note: '2000 appends' },
      { metric: 'p95', value: 52.25, unit: 'ms', target: { atMost: 40 } },
      { metric: 'no cache', value: 3.14159, unit: '/s' },
    ],
  },
  { bench: 'tailing', figures: [], error: 'Error: boom' },
];

describe('the results table', () => {
  const table = formatReport(outcomes).split('\n');

  it('puts each target next to its figure with PASS or MISS, and `-` without a target', () => {
    expect(table[2]).toMatch(/^append\s+appends\/s\s+812 \/s\s+>= 500 \/s\s+PASS\s+2000 appends$/);
    expect(table[3]).toMatch(/^append\s+p95\s+52\.3 ms\s+<= 40\.0 ms\s+MISS$/);
    expect(table[4]).toMatch(/^append\s+no cache\s+3\.14 \/s\s+-$/);
  });

  it('shows a crashed benchmark as an error row', () => {
    expect(table[5]).toMatch(/^tailing\s+CRASHED\s+ERROR\s+Error: boom$/);
  });

  it('counts the missed targets only', () => {
    expect(countMisses(outcomes)).toBe(1);
  });
});

describe('formatNumber', () => {
  it('keeps three significant figures below 100 and whole numbers above', () => {
    expect(formatNumber(1234.6)).toBe('1,235');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(0.5)).toBe('0.50');
    expect(formatNumber(Number.NaN)).toBe('NaN');
  });
});

describe('--json', () => {
  it('prints one JSON line per figure with its verdict, and one for a crash', () => {
    const lines = formatJsonLines(outcomes).map((line) => JSON.parse(line));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual({
      benchmark: 'append',
      metric: 'appends/s',
      value: 812.4,
      unit: '/s',
      target: { atLeast: 500 },
      verdict: 'PASS',
      note: '2000 appends',
    });
    expect(lines[1].verdict).toBe('MISS');
    expect(lines[2]).toMatchObject({ target: null, verdict: null, note: null });
    expect(lines[3]).toEqual({ benchmark: 'tailing', error: 'Error: boom' });
  });
});
