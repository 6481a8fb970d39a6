import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readingFigure } from './log-reading.ts';

describe('readingFigure', () => {
  const cores = availableParallelism();

  it('is the reading rate, with no target of its own', () => {
    const figure = readingFigure('log read', { events: 100_000, perSecond: 40_000, cpuSeconds: 2 }, 20_000);
    expect(figure).toMatchObject({ metric: 'log read', value: 40_000, unit: '/s' });
    expect(figure.target).toBeUndefined();
  });

  it("gives the target's share, the CPU per million events and what the target leaves the cores", () => {
    const { note } = readingFigure('log read', { events: 500_000, perSecond: 25_000, cpuSeconds: 8 }, 50_000);
    expect(note).toContain('x0.50 of the 50000 events/s target');
    expect(note).toContain('16.0 s of CPU per million events');
    expect(note).toContain(`leaves ${cores} cores ${(cores * 20).toFixed(0)} s for everything`);
  });
});
