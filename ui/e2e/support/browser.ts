import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium): playwright-core downloads no browser of its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const screenshotDir = fileURLToPath(new URL('../../../test-results/screenshots', import.meta.url));

/**
 * Saves a full-page screenshot as test-results/screenshots/<name>.png (kept out of git); a name
 * like 'public/home' goes into a folder.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const segments = name.split('/').map((segment) => segment.replace(/[^\w.-]+/g, '-').replace(/^\.+/, ''));
  const path = `${join(screenshotDir, ...segments.filter(Boolean))}.png`;
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: true });
  return path;
}
