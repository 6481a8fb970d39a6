/** How long to wait for a first contentful paint that may never be reported (a hidden tab). */
const longestWaitMs = 3000;

/**
 * Resolves once the page has shown its first content: code that the first view does not need
 * (a response's schema, say) is then fetched after it rather than beside the first paint's own
 * scripts, on a slow phone link as on a fast one. At once where the browser does not report
 * paints, and after a few seconds at most.
 */
export function afterFirstPaint(): Promise<void> {
  const reported =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!reported || performance.getEntriesByName('first-contentful-paint').length > 0)
    return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    const timer = setTimeout(done, longestWaitMs);
  });
}
