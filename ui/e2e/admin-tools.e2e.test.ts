import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { bn } from '../src/i18n/bn.ts';
import { en } from '../src/i18n/en.ts';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { latinText } from './support/latin-text.ts';
import { signIn } from './support/sign-in.ts';
import { e2eStack } from './support/stack-env.ts';

/**
 * The admin's tools of the third round, on a phone in Bangla: an announcement pinned, given a last
 * day, edited and unpinned, told to the member in the bell without a reload; a coupon with a last
 * day and a limit of one use, edited, used up by one paid month and then refused in both
 * languages; the month's rent in taka on the admin's statistics. Every page is looked at at
 * 390x844 (support/page-watch.ts fails the test on a page wider than the phone).
 */
const stack = e2eStack();
const phone = { width: 390, height: 844 };
const patience = { timeout: 15_000 };
const unique = Date.now().toString(36).toUpperCase();
// Months of next year: the demo member's lease owes every one of them, and no other journey pays them.
const year = new Date().getFullYear() + 1;
const inDays = (days: number) => buildingDate(new Date(Date.now() + days * 86_400_000));
const shot = (page: Page, name: string) => screenshot(page, `admin-tools/${name}`);

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const bell = (page: Page) => page.locator('.notification-bell:visible').getByRole('button').first();
const bengaliDigits = '০১২৩৪৫৬৭৮৯';
/** The bell's unread count as a number (its badge is in Bangla digits; none is 0). */
async function unread(page: Page): Promise<number> {
  const badge = bell(page).getByTestId('unread-count');
  if ((await badge.count()) === 0) return 0;
  const text = (await badge.textContent()) ?? '';
  return Number([...text].map((c) => (bengaliDigits.includes(c) ? bengaliDigits.indexOf(c) : c)).join(''));
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** What a person sees: no wider than the phone, no axe-core violation, no stray English word. */
async function looked(page: Page, name: string) {
  expect(await pageWidth(page), name).toBeLessThanOrEqual(phone.width);
  const found = await axeViolations(page);
  expect(found, `${name}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
  expect(await latinText(page), name).toEqual([]);
  await shot(page, name);
}

describe('announcements, coupons and the rent in taka, on a phone in Bangla', () => {
  let browser: Browser;
  let admin: Page;
  let member: Page;
  const contexts: BrowserContext[] = [];
  const phoneContext = async (locale: 'bn-BD' | 'en-GB') => {
    const context = await browser.newContext({ locale, viewport: phone, isMobile: true, hasTouch: true });
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signIn(await phoneContext('bn-BD'), stack.uiUrl, stack.accounts.admin);
    member = await signIn(await phoneContext('bn-BD'), stack.uiUrl, stack.accounts.member);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  it('the admin posts a pinned announcement with its last day; the member finds it first, and in the bell, live', async () => {
    const title = `Lift ${unique}`;
    await member.goto(`${stack.uiUrl}/dashboard/announcements`);
    await member.getByRole('heading', { name: bn.pages.announcements, level: 1 }).waitFor();
    const before = await unread(member);

    await admin.goto(`${stack.uiUrl}/dashboard/makeAnnouncement`);
    await admin.getByLabel(bn.pages.title).fill(title);
    await admin.getByLabel(bn.pages.description).fill('The lift is serviced on Sunday from 9 to 11.');
    await admin.getByLabel(bn.announcementTerms.pin).check();
    await admin.getByLabel(bn.announcementTerms.expiresOn).fill(inDays(30));
    await admin.getByRole('button', { name: bn.pages.addAnnouncement }).click();
    await toast(admin, bn.pages.announcementAdded).waitFor();
    const posted = admin.getByRole('region', { name: bn.announcementTerms.posted });
    await posted.getByRole('heading', { name: title }).waitFor();
    await looked(admin, 'bn-admin-make-announcement');

    // The member's open page hears of it: the bell counts it, and says it.
    await expect.poll(() => unread(member), patience).toBe(before + 1);
    await bell(member).click();
    await member.getByText(`${bn.announcementTerms.notification.replace('{{title}}', title)}`).waitFor();
    await shot(member, 'bn-member-bell');
    await member.keyboard.press('Escape');
    await member.reload();
    const first = member
      .getByRole('listitem')
      .filter({ has: member.getByRole('heading', { level: 2 }) })
      .first();
    await first.getByRole('heading', { name: `১. ${title}` }).waitFor(patience);
    await first.getByText(bn.announcementTerms.pinned, { exact: true }).waitFor();
    await looked(member, 'bn-member-announcements');

    // Edited, then unpinned: the member reads the new words, no longer first.
    await posted.getByRole('button', { name: `${bn.announcementTerms.edit} ${title}` }).click();
    await admin.getByRole('heading', { name: bn.announcementTerms.editing, level: 1 }).waitFor();
    await admin.getByLabel(bn.pages.title).fill(`${title} (Monday)`);
    await shot(admin, 'bn-admin-edit-announcement');
    await admin.getByRole('button', { name: bn.announcementTerms.save }).click();
    await toast(admin, bn.announcementTerms.saved).waitFor();
    await posted
      .getByRole('button', { name: `${bn.announcementTerms.unpinAction} ${title} (Monday)` })
      .click();
    await toast(admin, bn.announcementTerms.nowUnpinned).waitFor();
    await member.reload();
    const edited = member.getByRole('heading', { name: new RegExp(`^[০-৯]+\\. ${title} \\(Monday\\)$`) });
    await edited.waitFor(patience);
    expect(await edited.locator('..').getByText(bn.announcementTerms.pinned, { exact: true }).count()).toBe(
      0,
    );
  });

  it('the admin adds a coupon with a last day and one use, and edits it; a paid month uses it up, then it is refused in both languages', async () => {
    const code = `ONCE${unique}`;
    await admin.goto(`${stack.uiUrl}/dashboard/manageCoupon`);
    await admin.getByRole('button', { name: bn.pages.addCoupon }).click();
    let dialog = admin.getByRole('dialog', { name: bn.pages.addCoupon });
    await dialog.getByLabel(bn.pages.couponCodeField).fill(code);
    await dialog.getByLabel(bn.pages.discountPercent).fill('10');
    await dialog.getByLabel(bn.couponTerms.expiresOn).fill(inDays(60));
    await dialog.getByLabel(bn.couponTerms.usageLimit).fill('1');
    await shot(admin, 'bn-admin-add-coupon');
    await dialog.getByRole('button', { name: bn.pages.addCoupon }).click();
    await toast(admin, bn.pages.couponAdded).waitFor();
    const row = admin.getByRole('row').filter({ hasText: code });
    await row.getByText('১-এর মধ্যে ০').waitFor();

    await row.getByRole('button', { name: bn.couponTerms.editLabel.replace('{{code}}', code) }).click();
    dialog = admin.getByRole('dialog', { name: bn.couponTerms.editTitle.replace('{{code}}', code) });
    await dialog.getByLabel(bn.pages.discountPercent).fill('15');
    await dialog.getByRole('button', { name: bn.couponTerms.save }).click();
    await toast(admin, bn.couponTerms.saved).waitFor();
    await row.getByText('১৫', { exact: true }).waitFor();
    await looked(admin, 'bn-admin-manage-coupons');

    // The member pays June of next year with it, by card, in English.
    const payer = await signIn(await phoneContext('en-GB'), stack.uiUrl, stack.accounts.member);
    await payer.goto(`${stack.uiUrl}/dashboard/memberPayment`);
    const lease = payer.getByRole('article').first();
    await lease.getByLabel('Month').selectOption('June');
    await lease.getByLabel('Year').fill(String(year));
    await lease.getByRole('link', { name: 'Pay', exact: true }).click();
    await payer.waitForURL(/\/dashboard\/payment\?/);
    const junePayment = payer.url();
    await payer.getByLabel('Coupon code').fill(code.toLowerCase());
    await payer.getByRole('button', { name: 'Apply coupon' }).click();
    await payer.getByText(`Coupon ${code} applied: 15% off.`).waitFor(patience);
    const card = payer.getByRole('group', { name: 'Card details' });
    await card.getByLabel('Card number').pressSequentially('4242424242424242');
    await card.getByLabel('Expiration date MM / YY').pressSequentially('1234');
    await card.getByLabel('CVC').pressSequentially('123');
    const pay = payer.getByRole('button', { name: 'Pay', exact: true });
    await expect.poll(() => pay.isEnabled(), patience).toBe(true);
    await pay.click();
    await toast(payer, 'Payment received successfully!').waitFor(patience);

    // Used up: July is refused the coupon, said in English and in Bangla.
    await payer.goto(junePayment.replace('month=June', 'month=July'));
    await payer.getByLabel('Net Rent').filter({ hasText: '৳' }).waitFor(patience);
    await payer.getByLabel('Coupon code').fill(code);
    await payer.getByRole('button', { name: 'Apply coupon' }).click();
    await payer.getByRole('alert').filter({ hasText: en.refusals['coupon-used-up'] }).waitFor(patience);
    await member.goto(junePayment.replace('month=June', 'month=July'));
    await member.getByLabel(bn.pages.couponCodeField).fill(code);
    await member.getByRole('button', { name: bn.pages.apply }).click();
    await member.getByRole('alert').filter({ hasText: bn.refusals['coupon-used-up'] }).waitFor(patience);
    await looked(member, 'bn-member-coupon-used-up');

    await admin.reload();
    await row.getByText(bn.couponTerms.usedUp, { exact: true }).waitFor(patience);
    await row.getByText('১-এর মধ্যে ১').waitFor();
  });

  it("the admin's statistics show the month's rent in taka, in Bangla digits, beside the counts", async () => {
    await admin.goto(`${stack.uiUrl}/dashboard/adminProfile`);
    await admin.getByRole('heading', { name: bn.buildingMoney.title }).waitFor(patience);
    const figures = admin.locator('.stat-tile dd').filter({ hasText: '৳' });
    await expect.poll(() => figures.count(), patience).toBe(3);
    for (const figure of await figures.allTextContents()) expect(figure).toMatch(/^৳ [০-৯,.]+$/);
    // The demo member's lease owes this month: something is due.
    const due = admin
      .locator('.stat-tile')
      .filter({ hasText: /পাওনা ভাড়া/ })
      .locator('dd');
    expect(await due.textContent()).not.toBe('৳ ০');
    await looked(admin, 'bn-admin-profile');
  });

  it('the same pages, filled, fit the phone and pass axe-core in English too', async () => {
    const english = await signIn(await phoneContext('en-GB'), stack.uiUrl, stack.accounts.admin);
    for (const [path, ready] of [
      ['/dashboard/makeAnnouncement', en.announcementTerms.posted],
      ['/dashboard/manageCoupon', en.pages.manageCoupons],
      ['/dashboard/adminProfile', en.buildingMoney.title],
    ] as const) {
      await english.goto(`${stack.uiUrl}${path}`);
      await english.getByRole('heading', { name: ready }).waitFor(patience);
      await english
        .getByRole('status')
        .filter({ hasText: /Loading/ })
        .waitFor({ state: 'detached' });
      expect(await pageWidth(english), path).toBeLessThanOrEqual(phone.width);
      const found = await axeViolations(english);
      expect(found, `${path}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
      await shot(english, `en${path.replaceAll('/', '-')}`);
    }
  });
});
