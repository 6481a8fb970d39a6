import type { Browser, BrowserContext, Locator, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { launchBrowser, screenshot } from './support/browser.ts';
import { launchChromium } from './support/chromium.ts';
import { solidPng } from './support/solid-png.ts';
import { e2eStack } from './support/stack-env.ts';

/**
 * The public site end to end, in Chromium against the started stack: a visitor browses the home
 * page and every apartment page, is told to log in for an agreement, signs up with a photo, logs
 * out and in again, requests one agreement and cancels another; an admin is refused. The stack
 * gives the map no tile server, so the test serves the tiles itself and lets nothing else leave
 * the machine.
 */
const stack = e2eStack();
const perPage = 6;
const mapTile = solidPng(256, 256, [170, 211, 223]);
const photo = solidPng(8, 8, [47, 111, 143]);
const shot = (page: Page, name: string) => screenshot(page, `public/${name}`);
/** A page load signs in again and fetches the roles: on a busy machine that takes a while. */
const patience = { timeout: 15_000 };

const apartmentPage = z.object({
  result: z.array(
    z.object({
      si: z.union([z.number(), z.string()]),
      apartment: z.union([z.string(), z.number()]).transform(String),
      status: z.string(),
    }),
  ),
  postCount: z.number(),
});
type ApartmentPage = z.infer<typeof apartmentPage>;

/** Every page of GET /apartment (from 0), as the query-service has it now. */
async function allApartmentPages(): Promise<ApartmentPage[]> {
  const fetchPage = async (page: number) =>
    apartmentPage.parse(await (await fetch(`${stack.queryUrl}/apartment?page=${page}`)).json());
  const first = await fetchPage(0);
  const rest = Array.from({ length: Math.ceil(first.postCount / perPage) - 1 }, (_, i) => fetchPage(i + 1));
  return [first, ...(await Promise.all(rest))];
}

/** The address of apartment page `page` (from 0), as the site writes it. */
const apartmentsPath = (page: number) => `/apartment${page > 0 ? `?page=${page + 1}` : ''}`;

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const card = (page: Page, apartment: string) => page.getByRole('article', { name: `Apartment ${apartment}` });
const agreementButton = (page: Page, apartment: string) =>
  card(page, apartment).getByRole('button', { name: 'Agreement' });
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

/**
 * Tries a refused (aria-disabled) Agreement button until the refusal shows: while the session and
 * roles load, the button is disabled without a reason and a click rightly says nothing.
 */
async function expectRefusal(page: Page, button: Locator, message: string) {
  await expect(button.getAttribute('aria-disabled')).resolves.toBe('true');
  await expect
    .poll(async () => {
      await button.click({ force: true });
      return toast(page, message).isVisible();
    }, patience)
    .toBe(true);
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

describe('the public site, in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const tilesServed: string[] = [];
  const agreementPosts: Request[] = [];
  const visitor = {
    name: 'Nadia Visitor',
    email: `visitor-${Date.now().toString(36)}@example.com`,
    password: 'secret-123',
  };
  let pages: ApartmentPage[];
  let lastPage: number;
  /** Two available apartments on the last page, neither the one the dashboard test requests. */
  let requested: string;
  let cancelled: string;

  /** Map tiles come from the test; any other request off this machine fails the page loudly. */
  async function offline(route: Route) {
    const url = new URL(route.request().url());
    if (/^\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      tilesServed.push(url.pathname);
      return route.fulfill({ status: 200, contentType: 'image/png', body: mapTile });
    }
    return route.abort('internetdisconnected');
  }

  async function newContext() {
    const created = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await created.route((url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost', offline);
    return created;
  }

  /** The avatar in the navbar: the uploaded photo, loaded. */
  async function expectAvatar() {
    const avatar = page
      .getByRole('button', { name: `Account menu for ${visitor.name}` })
      .getByRole('img', { name: visitor.name });
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(new RegExp(`^${stack.commandUrl}/images/`));
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), patience)
      .toBe(8);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext();
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url() === `${stack.commandUrl}/agreement`) {
        agreementPosts.push(request);
      }
    });
    pages = await allApartmentPages();
    lastPage = pages.length - 1;
    // The dashboard test requests the last available apartment: leave it alone.
    const available = pages[lastPage]!.result.filter((a) => a.status !== 'booked').map((a) => a.apartment);
    const free = available.slice(0, -1);
    if (free.length < 1 || available.length < 2) {
      throw new Error(`the last apartment page needs two available apartments, has ${available.join(', ')}`);
    }
    [requested, cancelled] = [free[0]!, available.at(-1)!];
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor browses home: the slider, About Our Building, the coupons and the lazy map', async () => {
    await page.goto(stack.uiUrl);
    const slider = page.getByRole('region', { name: 'Gulshan Heights in pictures' });
    await slider.getByRole('img').first().waitFor();
    await slider.getByRole('button', { name: 'Show slide 2' }).click();
    await expect(
      slider.getByRole('button', { name: 'Show slide 2' }).getAttribute('aria-current'),
    ).resolves.toBe('true');
    await expect(slider.getByRole('group', { name: '2 of 3' }).getAttribute('aria-hidden')).resolves.toBe(
      'false',
    );

    await page.getByRole('heading', { name: 'About Our Building' }).waitFor();
    expect(await page.getByText(/rooftop garden offers shaded seating/).count()).toBe(1);

    await page.getByRole('heading', { name: 'Coupons' }).waitFor();
    const available = z
      .array(z.object({ code: z.string() }))
      .parse(await (await fetch(`${stack.queryUrl}/couponAvailable`)).json());
    const coupons = page.getByRole('article').filter({ hasText: 'Code:' });
    if (available.length === 0) {
      await page.getByText('No coupons are available right now.').waitFor();
    } else {
      await coupons.nth(available.length - 1).waitFor();
    }
    expect(await coupons.count()).toBe(available.length);

    // Leaflet is not loaded until the map comes near the viewport.
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    expect(tilesServed).toEqual([]);
    await page.getByRole('heading', { name: 'Building Location' }).scrollIntoViewIfNeeded();
    const tile = page.locator('img.leaflet-tile-loaded').first();
    await tile.waitFor();
    expect(await tile.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    expect(tilesServed.length).toBeGreaterThan(0);
    expect(tilesServed.every((path) => path.startsWith('/16/'))).toBe(true);
    await page.getByText('Gulshan, Dhaka', { exact: true }).waitFor();
    await shot(page, 'home');
  });

  it("the landing pages come drawn by the server, in the reader's language, readable before any script runs", async () => {
    const available = z
      .array(z.object({ code: z.string() }))
      .parse(await (await fetch(`${stack.queryUrl}/couponAvailable`)).json());
    const firstPage = pages[0]!.result.map((a) => `Apartment ${a.apartment}`);
    // A browser of its own, not watched: with scripts off, the app's scripts are refused, as they should be.
    const plain = await launchChromium();
    const noScript = await plain.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    try {
      const drawn = await noScript.newPage();
      await drawn.goto(stack.uiUrl);
      await drawn.getByRole('heading', { name: 'About Our Building' }).waitFor();
      expect(await drawn.getByRole('article').filter({ hasText: 'Code:' }).count()).toBe(available.length);
      await drawn.goto(`${stack.uiUrl}/apartment`);
      expect(await cardNames(drawn)).toEqual(firstPage);
      const photo = drawn.getByRole('article').first().getByRole('img');
      await expect
        .poll(
          () => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
          patience,
        )
        .toBeGreaterThan(0);
      // The language the reader chose (its cookie) draws the page in Bangla, with the page's lang.
      await noScript.addCookies([{ name: 'language', value: 'bn', url: stack.uiUrl }]);
      await drawn.goto(`${stack.uiUrl}/apartment`);
      expect(await drawn.evaluate(() => document.documentElement.lang)).toBe('bn');
      const bangla = await cardNames(drawn);
      expect(bangla).toHaveLength(firstPage.length);
      expect(bangla.every((name) => name.startsWith('অ্যাপার্টমেন্ট '))).toBe(true);
    } finally {
      await plain.close();
    }
    // With scripts, the app takes the drawn page over as it is (a mismatch would be a console error)
    // and it works: the listing pages on.
    await page.goto(`${stack.uiUrl}/apartment`);
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('en');
    await expect.poll(() => cardNames(page), patience).toEqual(firstPage);
    if (pages.length > 1) {
      await page
        .getByRole('navigation', { name: 'Apartment pages' })
        .getByRole('button', { name: 'Next' })
        .click();
      await expect
        .poll(() => cardNames(page), patience)
        .toEqual(pages[1]!.result.map((a) => `Apartment ${a.apartment}`));
    }
  });

  it('a visitor pages through every apartment page with Next and Previous', async () => {
    const count = pages[0]!.postCount;
    expect(pages).toHaveLength(Math.ceil(count / perPage));
    await page.goto(`${stack.uiUrl}/apartment`);
    const pagination = page.getByRole('navigation', { name: 'Apartment pages' });
    const next = pagination.getByRole('button', { name: 'Next' });
    const previous = pagination.getByRole('button', { name: 'Previous' });
    await pagination.waitFor();
    expect(await pagination.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(pages.length);

    for (const [index, { result }] of pages.entries()) {
      const names = result.map((a) => `Apartment ${a.apartment}`);
      expect(names.length).toBe(Math.min(perPage, count - index * perPage));
      await expect.poll(() => cardNames(page), patience).toEqual(names);
      await expect(
        pagination.getByRole('button', { name: `Page ${index + 1}` }).getAttribute('aria-current'),
      ).resolves.toBe('page');
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(apartmentsPath(index));
      expect(await previous.isDisabled()).toBe(index === 0);
      await shot(page, `apartments-page-${index + 1}`);
      if (index < lastPage) await next.click();
    }
    expect(await next.isDisabled()).toBe(true);

    if (lastPage > 0) {
      await previous.click();
      const names = pages[lastPage - 1]!.result.map((a) => `Apartment ${a.apartment}`);
      await expect.poll(() => cardNames(page), patience).toEqual(names);
    }
  });

  it('the visitor trying Agreement is asked to log in', async () => {
    await page.goto(`${stack.uiUrl}${apartmentsPath(lastPage)}`);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Login' })
      .waitFor();
    await expectRefusal(page, agreementButton(page, requested), 'Please Login to enable Agreement');
    await shot(page, 'visitor-agreement-refused');
    expect(agreementPosts).toHaveLength(0);
  });

  it('the visitor signs up with a photo, lands back on the apartments and sees their avatar', async () => {
    const back = apartmentsPath(lastPage);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Login' })
      .click();
    await page.waitForURL(`${stack.uiUrl}/login?from=${encodeURIComponent(back)}`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${stack.uiUrl}/signUp?from=${encodeURIComponent(back)}`);

    await page.getByLabel('Name', { exact: true }).fill(visitor.name);
    await page
      .getByLabel('Profile photo')
      .setInputFiles({ name: 'nadia.png', mimeType: 'image/png', buffer: photo });
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Password').fill(visitor.password);
    await shot(page, 'sign-up');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await toast(page, 'Registration successful').waitFor();
    await page.waitForURL(`${stack.uiUrl}${back}`);
    await expectAvatar();
    await shot(page, 'signed-up');
  });

  it('logs out, then logs in again with email and password', async () => {
    await page.getByRole('button', { name: `Account menu for ${visitor.name}` }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged out').waitFor();
    const login = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Login' });
    await login.click();
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await shot(page, 'login');
    await fillLogin(page, visitor.email, visitor.password);

    await toast(page, 'Successfully logged in').waitFor();
    await page.waitForURL(`${stack.uiUrl}${apartmentsPath(lastPage)}`);
    await expectAvatar();
    await shot(page, 'logged-in');
  });

  it('requests an agreement after confirming; cancelling a second one sends nothing', async () => {
    // Enabled once the session and the roles are known: a plain click waits for that.
    await agreementButton(page, requested).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    await shot(page, 'agreement-confirm');
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url() === `${stack.commandUrl}/agreement`,
    );
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    expect((await answered).ok()).toBe(true);
    await page.getByRole('dialog', { name: 'Request sent!' }).waitFor();
    await shot(page, 'agreement-sent');
    expect(agreementPosts).toHaveLength(1);
    expect(agreementPosts[0]!.postDataJSON()).toMatchObject({
      si: pages[lastPage]!.result.find((a) => a.apartment === requested)!.si,
    });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const second = agreementButton(page, cancelled);
    await second.click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    // The button is busy until the attempt has finished, request or not.
    await expect.poll(() => second.getAttribute('aria-disabled'), patience).toBeNull();
    expect(agreementPosts).toHaveLength(1);
  });

  it('an admin sees the Agreement buttons refused, and why', async () => {
    const { admin } = stack.accounts;
    const adminContext = await newContext();
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${stack.uiUrl}/login?from=${encodeURIComponent(apartmentsPath(lastPage))}`);
    await fillLogin(adminPage, admin.email, admin.password);
    await toast(adminPage, 'Successfully logged in').waitFor();
    await adminPage.waitForURL(`${stack.uiUrl}${apartmentsPath(lastPage)}`);

    await expectRefusal(
      adminPage,
      agreementButton(adminPage, requested),
      'Admins are not allowed to request an agreement!',
    );
    const buttons = adminPage.getByRole('article').getByRole('button', { name: 'Agreement' });
    const disabled = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-disabled')));
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled.every((value) => value === 'true')).toBe(true);
    await shot(adminPage, 'admin-agreement-refused');
    await adminContext.close();
  });
});
