import { describe, expect, it } from 'vitest';
import { formatTaka } from './format-taka.ts';

describe('taka for receipts and emails', () => {
  it('formats poisha as taka', () => {
    expect(formatTaka(1_049_325)).toBe('Tk 10,493.25');
    expect(formatTaka(1_234_500)).toBe('Tk 12,345');
    expect(formatTaka(5)).toBe('Tk 0.05');
  });
});
