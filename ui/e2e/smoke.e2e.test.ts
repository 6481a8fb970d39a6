import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { e2eStack } from './support/stack-env.ts';

describe('the started product, in Chromium', () => {
  const stack = e2eStack();
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the home page', async () => {
    await page.goto(stack.uiUrl);
    await page.getByRole('link', { name: 'Apartment' }).first().waitFor();
    expect(await page.title()).toBe('Gulshan Heights');
    await screenshot(page, 'smoke-home');
  });

  it('lists six apartments on the first page of /apartment', async () => {
    await page.goto(`${stack.uiUrl}/apartment`);
    const cards = page.getByRole('article');
    await cards.nth(5).waitFor();
    expect(await cards.count()).toBe(6);
    await screenshot(page, 'smoke-apartments');
  });
});
