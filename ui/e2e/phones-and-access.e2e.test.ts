import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { latinText } from './support/latin-text.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { noisyPng } from './support/noisy-png.ts';
import { signIn } from './support/sign-in.ts';
import { e2eStack, type E2eAccount } from './support/stack-env.ts';
import { bn } from '../src/i18n/bn.ts';
import { en } from '../src/i18n/en.ts';

/**
 * What people hit when something goes wrong, on phones (390x844) and for every role: axe-core
 * finds no WCAG A/AA violation on any page, in English and in Bangla, nothing is wider than the
 * phone (the watcher of every page, support/page-watch.ts, checks it too), admin actions stay
 * on screen, the taka sign has a font, a phone-sized photo signs up, and a dropped connection is
 * said in a dialog. Map tiles and anything else off this machine are refused.
 */
const stack = e2eStack();
const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 800 };
const patience = { timeout: 15_000 };
const shot = (page: Page, name: string) => screenshot(page, `phones-and-access/${name}`);

/** The site's words in each language: the first visit follows the browser's language. */
const languages = [
  { locale: 'en-GB', words: en, busy: /Loading|Checking/ },
  { locale: 'bn-BD', words: bn, busy: /লোড হচ্ছে|যাচাই করা হচ্ছে/ },
] as const;
type Language = (typeof languages)[number];
type Words = Language['words'];

async function newContext(
  browser: Browser,
  viewport: { width: number; height: number },
  language: Language = languages[0],
) {
  const context = await browser.newContext({
    locale: language.locale,
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  return context;
}

/** Opens a path and waits for its main heading (or given text), so axe sees the settled page. */
async function visit(page: Page, path: string, ready: string | RegExp, busy: RegExp = languages[0].busy) {
  await page.goto(`${stack.uiUrl}${path}`);
  await page
    .getByRole('heading', { name: ready })
    .first()
    .waitFor(patience)
    .catch(async (error: Error) => {
      // Say what the page showed instead: a timeout alone tells nothing.
      const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 400);
      throw new Error(`${path}: no heading ${String(ready)} at ${page.url()}; the page showed: ${shown}`, {
        cause: error,
      });
    });
  await page
    .getByRole('status')
    .filter({ hasText: busy })
    .waitFor({ state: 'detached', ...patience })
    .catch(() => undefined);
}

/**
 * The fonts Chromium drew an element's text with (not the ones it asked for): a Latin font drawing
 * Bengali letters draws empty boxes.
 */
async function fontsDrawing(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

/** The page is no wider than the viewport: nothing to scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function expectAccessible(page: Page, name: string) {
  const found = await axeViolations(page);
  expect(found, `${name}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
}

describe('on phones and for everyone', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const account = (role: E2eAccount['role']) => stack.accounts[role];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  async function contextFor(viewport: { width: number; height: number }, language?: Language) {
    const context = await newContext(browser, viewport, language);
    contexts.push(context);
    return context;
  }

  it('every public page passes axe-core and fits, on a desktop and on a phone, in English and in Bangla', async () => {
    for (const language of languages) {
      for (const viewport of [desktop, phone]) {
        const page = await (await contextFor(viewport, language)).newPage();
        for (const [path, heading] of [
          ['/', (w: Words) => w.home.about],
          ['/apartment', (w: Words) => w.apartments.heading],
          ['/login', (w: Words) => w.auth.login],
          ['/signUp', (w: Words) => w.auth.signUp],
        ] as const) {
          const name = `${language.locale} ${path} at ${viewport.width}px`;
          await visit(page, path, heading(language.words), language.busy);
          if (path === '/apartment') await page.getByRole('article').first().waitFor();
          await expectAccessible(page, name);
          expect(await pageWidth(page), name).toBeLessThanOrEqual(viewport.width);
          // Bangla complete: no word of Latin letters but names, emails, codes and brands.
          if (language.words === bn) expect(await latinText(page), name).toEqual([]);
          if (viewport === phone)
            await shot(page, `${language.locale}/visitor${path === '/' ? '-home' : path}`);
        }
      }
    }
  });

  it('shows the taka sign in a font of its own, not as an empty box', async () => {
    const page = await (await contextFor(phone)).newPage();
    await visit(page, '/apartment', 'Our Apartments');
    await page.getByText(/৳/).first().waitFor();
    const bengaliFontLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some(
        (face) => face.family.includes('Noto Sans Bengali') && face.status === 'loaded',
      );
    });
    expect(bengaliFontLoaded).toBe(true);
  });

  it('"বাংলা" switches once the Bengali font is ready, on a slow connection: no empty boxes', async () => {
    const context = await contextFor(desktop);
    // The font's subsets arrive late, as on a slow phone connection.
    await context.route('**/noto-sans-bengali-*.woff2', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const page = await context.newPage();
    await visit(page, '/login', en.auth.login);
    await page.getByRole('button', { name: en.language.switchLabel }).click();
    // The moment the page turns Bangla, every subset its words are drawn with is there.
    const unready = await page.evaluate(async () => {
      await new Promise<void>((resolve) => {
        const turned = () => document.documentElement.lang === 'bn';
        if (turned()) return resolve();
        new MutationObserver(() => turned() && resolve()).observe(document.documentElement, {
          attributes: true,
        });
      });
      const drawn = (face: FontFace) => /U\+951-952\b/i.test(face.unicodeRange.replaceAll(' ', ''));
      return [...document.fonts]
        .filter(
          (face) => face.family.includes('Noto Sans Bengali') && drawn(face) && face.status !== 'loaded',
        )
        .map((face) => `${face.unicodeRange.slice(0, 20)}: ${face.status}`);
    });
    expect(unready).toEqual([]);
    await page.getByRole('heading', { name: bn.auth.login }).waitFor();
    // (A space may come from a Latin font; a Latin font alone drew empty boxes.)
    expect(await fontsDrawing(page, 'h1')).toContain('Noto Sans Bengali');
    // And the switch back, on the English page, in Bengali letters.
    await page.getByRole('button', { name: bn.language.switchLabel }).click();
    await page.getByRole('heading', { name: en.auth.login }).waitFor();
    expect(await fontsDrawing(page, 'button[lang="bn"]')).toContain('Noto Sans Bengali');
    await shot(page, 'bn-BD/switched-to-bangla');
  });

  const dashboardPages: Record<E2eAccount['role'], Array<[string, (w: Words) => string]>> = {
    user: [
      ['/dashboard/userProfile', (w) => w.pages.myProfile],
      ['/dashboard/announcements', (w) => w.pages.announcements],
      ['/dashboard/paymentHistory', (w) => w.pages.paymentHistory],
      ['/dashboard/rentLedger', (w) => w.ledger.title],
    ],
    member: [
      ['/dashboard/memberProfile', (w) => w.pages.memberProfile],
      ['/dashboard/memberPayment', (w) => w.pages.makePayment],
      ['/dashboard/paymentHistory', (w) => w.pages.paymentHistory],
      ['/dashboard/rentLedger', (w) => w.ledger.title],
      ['/dashboard/account', (w) => w.account.title],
      ['/dashboard/maintenance', (w) => w.maintenance.title],
      ['/dashboard/announcements', (w) => w.pages.announcements],
    ],
    admin: [
      ['/dashboard/adminProfile', (w) => w.pages.adminProfile],
      ['/dashboard/manageMember', (w) => w.pages.manageMembers],
      ['/dashboard/agreementRequest', (w) => w.pages.agreementRequests],
      ['/dashboard/manageCoupon', (w) => w.pages.manageCoupons],
      ['/dashboard/makeAnnouncement', (w) => w.pages.makeAnnouncement],
      ['/dashboard/maintenanceQueue', (w) => w.maintenance.queueTitle],
      ['/dashboard/auditLog', (w) => w.pages.auditLog],
      ['/dashboard/overdueRent', (w) => w.ledger.overdueTitle],
      ['/dashboard/charges', (w) => w.charges.title],
      ['/dashboard/cashDesk', (w) => w.desk.title],
      ['/dashboard/settleDeposit', (w) => w.deposit.title],
      ['/dashboard/finance', (w) => w.finance.title],
    ],
  };

  for (const language of languages) {
    it(`every dashboard page passes axe-core for its role and fits (${language.locale})`, async () => {
      for (const role of ['user', 'member', 'admin'] as const) {
        for (const viewport of [desktop, phone]) {
          const page = await signIn(await contextFor(viewport, language), stack.uiUrl, account(role));
          for (const [path, heading] of dashboardPages[role]) {
            const name = `${language.locale} ${role} ${path} at ${viewport.width}px`;
            await visit(page, path, heading(language.words), language.busy);
            await expectAccessible(page, name);
            expect(await pageWidth(page), name).toBeLessThanOrEqual(viewport.width);
            if (language.words === bn) expect(await latinText(page), name).toEqual([]);
            // Avatars are circles, not ellipses squeezed by a narrow row.
            for (const box of await page
              .locator('.avatar:visible')
              .evaluateAll((avatars) =>
                avatars.map((a) => a.getBoundingClientRect()).map((r) => [r.width, r.height]),
              ))
              expect(Math.abs(box[0]! - box[1]!), `${name}: avatar ${box.join('x')}`).toBeLessThan(1);
            if (viewport === phone)
              await shot(page, `${language.locale}/${role}${path.replaceAll('/', '-')}`);
          }
          // The top bar is one row on a phone: toggle, logo and Logout side by side.
          const bar = await page
            .getByRole('navigation', { name: language.words.dashboard.navigation })
            .boundingBox();
          expect(bar?.height ?? 0).toBeLessThan(80);
          await page.context().close();
        }
      }
      // About 60 page states with axe-core each: a minute on a quiet machine, minutes on a busy one.
    }, 360_000);
  }

  it('the payment page fits a phone and passes axe-core', async () => {
    const page = await signIn(await contextFor(phone), stack.uiUrl, account('member'));
    await visit(page, '/dashboard/memberPayment', 'Make Payment');
    await page.getByRole('link', { name: 'Pay', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    await page
      .getByRole('group', { name: 'Card details' })
      .or(page.getByRole('alert'))
      .first()
      .waitFor(patience);
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await expectAccessible(page, 'payment on a phone');
    await shot(page, 'member-payment');
  });

  it('a visitor signs up with a phone-sized photo (over 5 MB): the browser shrinks it', async () => {
    const page = await (await contextFor(phone)).newPage();
    const email = `phone-${Date.now().toString(36)}@example.com`;
    await visit(page, '/signUp', 'Sign Up');
    await page.getByLabel('Name').fill('Farhana Phone');
    const photo = noisyPng(1400, 1300);
    expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
    await page
      .getByLabel('Profile photo')
      .setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: photo });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-123');
    const upload = page.waitForRequest(
      (r) => r.url() === `${stack.commandUrl}/images` && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    expect((await upload).postDataBuffer()?.length ?? Infinity).toBeLessThan(5 * 1024 * 1024);
    await page.getByRole('status').filter({ hasText: 'Registration successful' }).waitFor(patience);
    // The avatar sits in the navbar's menu, folded behind the burger on a phone.
    await page.locator('img[alt="Farhana Phone"]').waitFor({ state: 'attached', ...patience });
  });

  it('an SVG photo is refused before any account is made', async () => {
    const page = await (await contextFor(phone)).newPage();
    await visit(page, '/signUp', 'Sign Up');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
    await page
      .getByLabel('Profile photo')
      .setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: svg });
    await page.getByLabel('Email').fill(`svg-${Date.now().toString(36)}@example.com`);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText(/SVG drawings are not accepted/).waitFor();
    expect(await page.getByRole('button', { name: /Account menu for/ }).count()).toBe(0);
  });

  it('a user on a phone: a dropped connection is said in a dialog; a request shows pending and is withdrawn; the admin decides on a phone', async () => {
    const context = await contextFor(phone);
    const user = await signIn(context, stack.uiUrl, account('user'));
    await visit(user, '/apartment', 'Our Apartments');
    const card = user
      .getByRole('article')
      .filter({ has: user.getByRole('button', { name: 'Agreement' }) })
      .first();
    await card.waitFor(patience);
    const name = (await card.getByRole('heading').textContent()) ?? '';

    await card.getByRole('button', { name: 'Agreement' }).click();
    const confirm = user.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    await context.setOffline(true);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await user.getByRole('dialog', { name: 'Request not sent' }).waitFor(patience);
    await shot(user, 'agreement-offline');
    await user.getByRole('button', { name: 'OK' }).click();
    await context.setOffline(false);

    const again = user.getByRole('article', { name });
    await again.getByRole('button', { name: 'Agreement' }).click();
    await user
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await user.getByRole('dialog', { name: 'Request sent!' }).waitFor(patience);
    await user.getByRole('button', { name: 'OK' }).click();
    await again.getByText('Requested').waitFor(patience);

    const admin = await signIn(await contextFor(phone), stack.uiUrl, account('admin'));
    await visit(admin, '/dashboard/agreementRequest', 'Agreement Requests');
    const accept = admin
      .getByRole('button', { name: new RegExp(`^Accept ${account('user').email} for apartment`) })
      .first();
    await accept.waitFor(patience);
    for (const button of [accept, admin.getByRole('button', { name: /^Reject / }).first()]) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
    }
    await shot(admin, 'admin-agreement-requests');

    await again.getByRole('button', { name: 'Withdraw request' }).click();
    await user
      .getByRole('dialog', { name: 'Withdraw your request?' })
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await user.getByRole('status').filter({ hasText: 'Request withdrawn' }).waitFor(patience);
    await again.getByRole('button', { name: 'Agreement' }).waitFor(patience);
  });
});
