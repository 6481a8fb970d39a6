import { describe, expect, it } from 'vitest';
import { progressBar } from './progress-bar.ts';

describe('progressBar away from a terminal', () => {
  it('writes a line every five seconds with the count, the rate and the time left', () => {
    let clock = 0;
    const lines: string[] = [];
    const progress = progressBar('rebuild', { write: (line) => lines.push(line), now: () => clock });
    progress.start(10_000);
    clock = 4000;
    progress.advance(2000);
    expect(lines).toEqual([]);
    clock = 5000;
    progress.advance(3000);
    expect(lines).toEqual(['rebuild: 5000/10000 events (50%), 1000 events/s, ETA 5 s']);
    clock = 6000;
    progress.advance(1000);
    expect(lines).toHaveLength(1);
    clock = 10_000;
    progress.advance(4000);
    progress.stop();
    expect(lines.at(-1)).toBe('rebuild: 10000/10000 events (100%), 1000 events/s, ETA 0 s');
  });

  it('stays quiet for a replay too short to watch, and after it stopped', () => {
    let clock = 0;
    const lines: string[] = [];
    const short = progressBar('state', { write: (line) => lines.push(line), now: () => clock });
    short.start(500);
    clock = 60_000;
    short.advance(500);
    const stopped = progressBar('state', { write: (line) => lines.push(line), now: () => clock });
    stopped.start(5000);
    stopped.stop();
    clock = 120_000;
    stopped.advance(5000);
    expect(lines).toEqual([]);
  });
});
