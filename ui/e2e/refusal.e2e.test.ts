import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { e2eStack } from './support/stack-env.ts';

/**
 * A 403 is a business refusal, not the end of a session: a member who opens the payment page of an
 * apartment that is not theirs is told so on that page and stays signed in (a 401 alone signs out).
 */
const stack = e2eStack();

/** An apartment nobody leases: certainly not the demo member's. */
async function freeApartment(): Promise<number> {
  const { result } = (await (await fetch(`${stack.queryUrl}/apartment?page=0`)).json()) as {
    result: Array<{ si: number; status: string }>;
  };
  const free = result.find((a) => a.status !== 'booked');
  if (!free) throw new Error('no free apartment on the first page');
  return free.si;
}

describe('a refused member, in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is refused with 403 on the page and stays signed in', async () => {
    const member = stack.accounts.member;
    await page.goto(`${stack.uiUrl}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: /Account menu for/ }).waitFor();

    const si = await freeApartment();
    const refusal = page.waitForResponse(
      (response) =>
        response.url().endsWith('/create-payment-intent') && response.request().method() === 'POST',
    );
    const target = `/dashboard/payment?si=${si}&month=March&year=${new Date().getFullYear()}`;
    await page.goto(`${stack.uiUrl}${target}`);
    const refused = await refusal;
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ type: '/problems/no-active-lease', status: 403 });

    const alert = page.getByRole('alert').filter({ hasText: `no active lease of apartment ${si}` });
    await alert.waitFor({ timeout: 15_000 });
    await screenshot(page, 'refusal/not-your-apartment');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(target);
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();
    await page.getByRole('button', { name: 'Logout' }).waitFor();

    // The way on the refusal offers works, still signed in.
    await alert.getByRole('link', { name: 'Choose one of your apartments' }).click();
    await page.getByRole('heading', { name: 'Make Payment' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/memberPayment');
  });
});
