import { describe, expect, it } from 'vitest';
import { admit } from './view-batch.ts';

describe('admit', () => {
  it('applies the next version of a stream', () => {
    expect(admit(0, 1)).toBe('apply');
    expect(admit(41, 42)).toBe('apply');
  });
  it('skips a redelivery at or below the checkpoint', () => {
    expect(admit(3, 3)).toBe('skip');
    expect(admit(3, 1)).toBe('skip');
  });
  it('parks an event whose predecessor has not arrived', () => {
    expect(admit(0, 2)).toBe('park');
    expect(admit(3, 5)).toBe('park');
  });
});
