import type { Browser, BrowserContextOptions } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { watchContext } from './page-watch.ts';

/**
 * The browser of the e2e tests: every context it opens is watched (support/page-watch.ts), with
 * the page's own Content-Security-Policy in force: a test that bypassed it would hide what visitors
 * get. Measurements (scripts/) use launchChromium: the watchers would weigh on what they measure.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options: BrowserContextOptions = {}) => {
    if (options.bypassCSP) throw new Error('e2e pages run under their Content-Security-Policy');
    const context = await newContext(options);
    await watchContext(context);
    return context;
  };
  browser.newPage = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // When the browser itself closes, the context goes with it: nothing left to close then.
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

export { screenshot } from './screenshot.ts';
