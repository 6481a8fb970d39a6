declare global {
  interface Window {
    /** Reads the page's HTML started before the app's scripts arrived, by URL (see the UI server). */
    __earlyReads?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * The answer to a read the page's HTML already started (a landing route's first read), taken
 * once: a later read of the same URL, a refresh, goes to the network.
 */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.__earlyReads;
  const read = reads?.[url];
  if (read) delete reads[url];
  return read;
}
