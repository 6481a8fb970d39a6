import { launchChromium } from '../e2e/support/chromium.ts';

export interface Fetched {
  /** The path on the page's own origin, e.g. /assets/index-abc123.js. */
  path: string;
  kind: 'script' | 'stylesheet';
  /** Whether the request started before the first contentful paint. */
  beforeFirstPaint: boolean;
}

/**
 * Opens `url` in headless Chromium (the e2e tests' launcher) and lists the scripts and stylesheets
 * it fetched from its own origin until the network was quiet. Requests to any other origin (the
 * API, the sign-in service, map tiles) are refused, so the page loads alike with or without the
 * services running. `storage` is put in localStorage before the app starts. `expected`, a path the
 * app should fetch after it starts (a lazy chunk): waited for, up to 20 s, since on a busy machine
 * the app may start after the network has been quiet for a while; if it never comes, the list
 * says so by its absence.
 */
export async function visitPage(
  url: string,
  storage: Record<string, string> = {},
  expected?: string,
): Promise<Fetched[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const origin = new URL(url).origin;
    await context.route(
      (target) => target.origin !== origin,
      (route) => route.abort(),
    );
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    const page = await context.newPage();
    const awaited = expected
      ? page
          .waitForResponse((response) => new URL(response.url()).pathname === expected, { timeout: 20_000 })
          .catch(() => undefined)
      : Promise.resolve(undefined);
    await page.goto(url, { waitUntil: 'networkidle' });
    await awaited;
    // What an app fetches "right after load" starts within a moment of it.
    await page.waitForTimeout(1_000);
    await page.waitForLoadState('networkidle');
    const entries = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .map((entry) => ({ url: entry.name, start: entry.startTime, paint }));
    });
    return entries.flatMap((entry) => {
      const { origin: from, pathname } = new URL(entry.url);
      const kind = pathname.endsWith('.js') ? 'script' : pathname.endsWith('.css') ? 'stylesheet' : null;
      if (from !== origin || !kind) return [];
      return [{ path: pathname, kind, beforeFirstPaint: entry.start < entry.paint }];
    });
  } finally {
    await browser.close();
  }
}
