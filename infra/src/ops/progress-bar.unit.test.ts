import { describe, expect, it } from 'vitest';
import { progressBar } from './progress-bar.ts';

/** Progress away from a terminal, on a clock the test moves, with the lines it wrote. */
function recorded(label: string) {
  const lines: string[] = [];
  const clock = { now: 0 };
  const progress = progressBar(label, { write: (line) => lines.push(line), now: () => clock.now });
  return { lines, clock, progress };
}

describe('progressBar away from a terminal', () => {
  it('writes a line every five seconds with the count, the rate and the time left', () => {
    const { lines, clock, progress } = recorded('rebuild');
    progress.start(10_000);
    clock.now = 4000;
    progress.advance(2000);
    expect(lines).toEqual([]);
    clock.now = 5000;
    progress.advance(3000);
    expect(lines).toEqual(['rebuild: 5000/10000 events (50%), 1000 events/s, ETA 5 s']);
    clock.now = 6000;
    progress.advance(1000);
    expect(lines).toHaveLength(1);
    clock.now = 10_000;
    progress.advance(4000);
    progress.stop();
    expect(lines.at(-1)).toBe('rebuild: 10000/10000 events (100%), 1000 events/s, ETA 0 s');
  });

  it('grows the total when the log grows past it, never passing 100%', () => {
    const { lines, clock, progress } = recorded('rebuild');
    progress.start(10_000);
    clock.now = 5000;
    progress.advance(12_000);
    expect(lines).toEqual(['rebuild: 12000/12000 events (100%), 2400 events/s, ETA 0 s']);
  });

  it.each([
    { case: 'a replay too short to watch', total: 500, stopped: false },
    { case: 'a replay that has stopped', total: 5000, stopped: true },
  ])('stays quiet for $case', ({ total, stopped }) => {
    const { lines, clock, progress } = recorded('state');
    progress.start(total);
    if (stopped) progress.stop();
    clock.now = 60_000;
    progress.advance(total);
    expect(lines).toEqual([]);
  });
});
