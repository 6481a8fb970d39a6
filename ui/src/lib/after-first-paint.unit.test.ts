import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint.ts';

type Entries = { getEntriesByName(name: string): unknown[] };

/** A browser that reports paints: the observer's callback is handed to `paint`. */
function reportingPaints(alreadyPainted = false) {
  let callback: ((list: Entries) => void) | undefined;
  const disconnect = vi.fn();
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'resource'];
    constructor(cb: (list: Entries) => void) {
      callback = cb;
    }
    observe() {}
    disconnect = disconnect;
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockReturnValue(
    alreadyPainted ? ([{}] as PerformanceEntryList) : [],
  );
  const paint = (name: string) => callback?.({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) });
  return { paint, disconnect };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('afterFirstPaint', () => {
  it('resolves at once where the browser reports no paints', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(await settled(afterFirstPaint())).toBe(true);
  });

  it('resolves at once when the first content is already painted', async () => {
    reportingPaints(true);
    expect(await settled(afterFirstPaint())).toBe(true);
  });

  it('waits for the first contentful paint, not a blank one', async () => {
    const { paint, disconnect } = reportingPaints();
    const waiting = afterFirstPaint();
    paint('first-paint');
    expect(await settled(waiting)).toBe(false);
    paint('first-contentful-paint');
    expect(await settled(waiting)).toBe(true);
    expect(disconnect).toHaveBeenCalled();
  });

  it('gives up waiting after three seconds (a hidden tab is never painted)', async () => {
    vi.useFakeTimers();
    reportingPaints();
    const waiting = afterFirstPaint();
    vi.advanceTimersByTime(2999);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });
});
