import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureAccount, signIn as emulatorSignIn } from '@building/auth-emulator/emulator-accounts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { signIn } from './support/sign-in.ts';
import { e2eStack } from './support/stack-env.ts';

/**
 * A 403 is a business refusal, not the end of a session (a 401 alone signs out). A member is on
 * the payment page of their apartment when an admin ends their membership; the page has not heard
 * yet (its live-update stream is down), so the member's next step is refused by the server with 403
 * `no-active-lease`: the page says so, and the member stays signed in.
 */
const stack = e2eStack();
const month = new Date().toLocaleString('en-GB', { month: 'long', timeZone: 'Asia/Dhaka' });
const year = new Date().getFullYear();

async function api(method: string, path: string, body?: unknown, token?: string, base = stack.commandUrl) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function tokenOf(email: string, password: string): Promise<string> {
  const idToken = await emulatorSignIn(stack.authHost, email, password);
  return String((await api('POST', '/jwt', { idToken })).token);
}

/** A new person, made a member of a free apartment through the real commands. */
async function newMember(adminToken: string) {
  const email = `refused-${Date.now()}@building.test`;
  const password = 'refused-member-1';
  await ensureAccount(stack.authHost, 'demo-building', { email, password, displayName: 'Rafiq Refused' });
  const token = await tokenOf(email, password);
  await api('POST', `/users/${email}`, { name: 'Rafiq Refused', email, role: 'user' }, token);
  const listing = await api('GET', '/apartment?page=0', undefined, undefined, stack.queryUrl);
  const free = (listing.result as Array<Record<string, unknown>>).find((a) => a.status !== 'booked');
  if (!free) throw new Error('no free apartment on the first page');
  const { si, floor, block, apartment, rent, room } = free;
  const request = { si, floor, block, apartment, rent, room, status: 'pending', timestamp: Date.now() };
  await api('POST', '/agreement', { ...request, user_name: 'Rafiq Refused', user_email: email }, token);
  await api('PUT', '/acceptAgreement', { si, email }, adminToken);
  await vi.waitFor(
    async () =>
      expect(await api('GET', `/user/member/${email}`, undefined, token, stack.queryUrl)).toEqual({
        member: true,
      }),
    { timeout: 15_000, interval: 100 },
  );
  return { email, password, si: Number(si), apartment: String(apartment) };
}

describe('a refused member, in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is refused with 403 on the page and stays signed in', async () => {
    const admin = stack.accounts.admin;
    const adminToken = await tokenOf(admin.email, admin.password);
    const member = await newMember(adminToken);
    const coupon = `KEEP${Date.now() % 100_000}`;
    await api('POST', '/addCoupon', { code: coupon, discount: 10, description: 'refusal test' }, adminToken);

    // The live-update stream is down: the page cannot hear of the demotion before acting.
    await context.route('**/events/stream**', (route) => route.abort());
    const page = await signIn(context, stack.uiUrl, {
      ...member,
      displayName: 'Rafiq Refused',
      role: 'member',
    });
    const target = `/dashboard/payment?si=${member.si}&month=${month}&year=${year}`;
    const priced = page.waitForResponse((r) => r.url().endsWith('/create-payment-intent'));
    await page.goto(`${stack.uiUrl}${target}`);
    expect((await priced).status()).toBe(200);

    await api('PATCH', `/memberRemove/${member.email}`, {}, adminToken);
    const refusal = page.waitForResponse((r) => r.url().endsWith('/create-payment-intent'));
    await page.getByRole('textbox', { name: /coupon/i }).fill(coupon);
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    const refused = await refusal;
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ type: '/problems/no-active-lease', status: 403 });

    await page
      .getByText(/do not lease/i)
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'refusal/lease-ended');
    expect(new URL(page.url()).pathname).not.toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();
  });
});
