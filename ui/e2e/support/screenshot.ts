import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

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
