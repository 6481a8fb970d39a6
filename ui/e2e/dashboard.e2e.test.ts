import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { decideAgreement } from './support/decide-agreement.ts';
import { signIn as signInAs } from './support/sign-in.ts';
import { e2eStack, type E2eAccount } from './support/stack-env.ts';

/**
 * The dashboard end to end, in Chromium against the started stack: a user's agreement accepted by
 * an admin, a coupon, rent paid by card through the payment sandbox (and refused twice), the coupon
 * switched off, an announcement, and the member demoted. Each actor has a browser context of its
 * own, so both stay signed in and the live updates can be seen.
 */
const stack = e2eStack();
const shotsDir = fileURLToPath(new URL('../../test-results/screenshots/dashboard', import.meta.url));

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

const signIn = (context: BrowserContext, account: E2eAccount) => signInAs(context, stack.uiUrl, account);

/** Goes to a dashboard page through the sidebar, as a person would. */
async function open(page: Page, link: string | RegExp) {
  await page.getByRole('complementary').getByRole('link', { name: link }).click();
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

interface ApartmentRow {
  si: number;
  apartment: string;
  rent: number;
  status: string;
}

/** The last available apartment, and the page of /apartment (from 1) it is on. */
async function lastAvailableApartment(): Promise<{ apartment: ApartmentRow; page: number }> {
  const first = (await (await fetch(`${stack.queryUrl}/apartment?page=0`)).json()) as { postCount: number };
  const pages = Math.ceil(first.postCount / 6);
  for (let page = pages - 1; page >= 0; page -= 1) {
    const { result } = (await (await fetch(`${stack.queryUrl}/apartment?page=${page}`)).json()) as {
      result: ApartmentRow[];
    };
    const free = result.filter((a) => a.status !== 'booked').at(-1);
    if (free) return { apartment: free, page: page + 1 };
  }
  throw new Error('no apartment is available');
}

// Next year: the lease accepted today owes every month of it (a month before a lease is refused).
const year = new Date().getFullYear() + 1;
/** A page load signs in again and prices the month: give it time. */
const patience = { timeout: 15_000 };
const couponCode = `E2E${Date.now().toString(36).toUpperCase()}`;
const taka = (amount: number) =>
  `৳ ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount)}`;

async function fillCard(page: Page, number: string) {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').pressSequentially(number);
  await card.getByLabel('Expiration date MM / YY').pressSequentially('1234');
  await card.getByLabel('CVC').pressSequentially('123');
}

async function openPayment(page: Page, si: number, month: string) {
  await page.goto(`${stack.uiUrl}/dashboard/payment?si=${si}&month=${month}&year=${year}`);
}

describe('the dashboard, in Chromium', () => {
  let browser: Browser;
  let adminPage: Page;
  let userPage: Page;
  let target: { apartment: ApartmentRow; page: number };
  const user = stack.accounts.user;
  const admin = stack.accounts.admin;

  beforeAll(async () => {
    browser = await launchBrowser();
    userPage = await signIn(await browser.newContext(), user);
    adminPage = await signIn(await browser.newContext(), admin);
    target = await lastAvailableApartment();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a user requests an agreement and sees it pending on their profile', async () => {
    const { apartment } = target.apartment;
    await userPage.goto(`${stack.uiUrl}/apartment${target.page > 1 ? `?page=${target.page}` : ''}`);
    const card = userPage.getByRole('article', { name: `Apartment ${apartment}` });
    await card.getByRole('button', { name: 'Agreement' }).click();
    await userPage
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await userPage.getByRole('dialog', { name: 'Request sent!' }).waitFor();
    await userPage.keyboard.press('Escape');

    await userPage.goto(`${stack.uiUrl}/dashboard`);
    await userPage.waitForURL(/\/dashboard\/userProfile$/);
    const row = userPage.getByRole('row').filter({ hasText: apartment });
    await expect(row.textContent()).resolves.toContain('pending');
    await shot(userPage, 'user-profile');
    await open(userPage, /^Announcements/);
    await userPage.getByRole('heading', { name: 'Announcements' }).waitFor();
    await shot(userPage, 'user-announcements');
  });

  it('the admin sees the statistics and accepts the request; the user becomes a member, live', async () => {
    await adminPage.goto(`${stack.uiUrl}/dashboard`);
    await adminPage.waitForURL(/\/dashboard\/adminProfile$/);
    await adminPage.getByText('Flats available').waitFor();
    // Flats and taka, not percentages: the month's rent owed beside the counts.
    await adminPage.getByText(/^Rent due, /).waitFor();
    expect(await adminPage.getByText(/%$/).count()).toBe(0);
    await shot(adminPage, 'admin-profile');

    await open(adminPage, 'Agreement Requests');
    const accept = adminPage.getByRole('button', {
      name: `Accept ${user.email} for apartment ${target.apartment.apartment}`,
    });
    await accept.waitFor();
    await shot(adminPage, 'admin-agreement-requests');
    // A reject taken back within its ten seconds sends nothing: the request stays.
    const who = { email: user.email, apartment: String(target.apartment.apartment) };
    await adminPage
      .getByRole('button', { name: `Reject ${who.email} for apartment ${who.apartment}` })
      .click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Reject', exact: true }).click();
    await adminPage
      .getByRole('button', { name: `Undo the decision on ${who.email} for apartment ${who.apartment}` })
      .click();
    await accept.waitFor();
    await decideAgreement(adminPage, 'Accept', who);

    // The user's open dashboard hears of it through the query-service's stream.
    await userPage.getByRole('complementary').getByText('Member Dashboard').waitFor({ timeout: 15_000 });
    await open(userPage, 'My Profile');
    await userPage.getByRole('cell', { name: String(target.apartment.apartment), exact: true }).waitFor();
    await shot(userPage, 'member-profile');
  });

  it('the admin adds a 10% coupon', async () => {
    await open(adminPage, 'Manage Coupons');
    await adminPage.getByRole('button', { name: 'Add Coupon' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Add Coupon' });
    await dialog.getByLabel('Coupon code').fill(couponCode);
    await dialog.getByLabel('Discount (%)').fill('10');
    await dialog.getByLabel('Description').fill('Ten percent off, from the e2e test');
    await shot(adminPage, 'admin-add-coupon');
    await dialog.getByRole('button', { name: 'Add Coupon' }).click();
    await toast(adminPage, 'Coupon added successfully!').waitFor();
    await adminPage.getByRole('cell', { name: couponCode, exact: true }).waitFor();
    await shot(adminPage, 'admin-manage-coupons');
  });

  it('the member pays March with the coupon, sees the transaction id, then finds it in the history', async () => {
    const { si, rent } = target.apartment;
    await open(userPage, 'Make Payment');
    const card = userPage.getByRole('article', {
      name: `Pay rent for apartment ${target.apartment.apartment}`,
    });
    await card.getByLabel('Month').selectOption('March');
    await card.getByLabel('Year').fill(String(year));
    await shot(userPage, 'member-make-payment');
    await card.getByRole('link', { name: 'Pay' }).click();
    await userPage.waitForURL(new RegExp(`/dashboard/payment\\?si=${si}&month=March&year=${year}$`));

    await expect.poll(() => userPage.getByLabel('Net Rent').textContent(), patience).toBe(taka(rent));
    await userPage.getByLabel('Coupon code').fill(couponCode.toLowerCase());
    await userPage.getByRole('button', { name: 'Apply coupon' }).click();
    await userPage.getByText(`Coupon ${couponCode} applied: 10% off.`).waitFor();
    await expect
      .poll(() => userPage.getByLabel('Payable Amount').textContent(), patience)
      .toBe(taka(rent * 0.9));

    await fillCard(userPage, '4242424242424242');
    const pay = userPage.getByRole('button', { name: 'Pay', exact: true });
    await expect.poll(() => pay.isEnabled(), patience).toBe(true);
    await shot(userPage, 'member-payment');
    await pay.click();
    await toast(userPage, 'Payment received successfully!').waitFor();
    const transactionId = (await userPage.locator('.transaction-id').textContent()) ?? '';
    expect(transactionId).toMatch(/^pi_/);
    await userPage.getByRole('link', { name: 'See your payment history' }).waitFor();
    await shot(userPage, 'member-payment-done');

    await open(userPage, 'Payment History');
    await userPage.getByRole('searchbox', { name: 'Month' }).fill('march');
    await userPage.getByRole('button', { name: 'Search' }).click();
    const row = userPage.getByRole('row').filter({ hasText: transactionId });
    await row.waitFor();
    expect(await row.textContent()).toContain(taka(rent * 0.9));
    await shot(userPage, 'member-payment-history');
  });

  it('refuses the same month again, says a wrong coupon code, and shows a declined card', async () => {
    await openPayment(userPage, target.apartment.si, 'March');
    await userPage
      .getByRole('alert')
      .filter({ hasText: /already paid/i })
      .waitFor(patience);
    expect(await userPage.getByText(/already paid/i).count()).toBe(1);
    expect(await userPage.getByRole('button', { name: 'Pay', exact: true }).count()).toBe(0);
    await shot(userPage, 'member-payment-already-paid');

    await openPayment(userPage, target.apartment.si, 'April');
    await expect
      .poll(() => userPage.getByLabel('Net Rent').textContent(), patience)
      .toBe(taka(target.apartment.rent));
    await userPage.getByLabel('Coupon code').fill('nosuchcode');
    await userPage.getByRole('button', { name: 'Apply coupon' }).click();
    await userPage
      .getByRole('alert')
      .filter({ hasText: 'No available coupon has the code NOSUCHCODE.' })
      .waitFor();
    await fillCard(userPage, '4000000000000002');
    const pay = userPage.getByRole('button', { name: 'Pay', exact: true });
    await expect.poll(() => pay.isEnabled(), patience).toBe(true);
    await pay.click();
    // Said in the form, under Pay, where it stays: not in a toast that goes away.
    await userPage
      .getByRole('form', { name: 'Card payment' })
      .getByRole('alert')
      .filter({ hasText: 'Your card was declined.' })
      .waitFor();
    expect(await userPage.locator('.transaction-id').count()).toBe(0);
    await shot(userPage, 'member-payment-declined');
  });

  it('the admin disables the coupon: it leaves the home page and no longer applies', async () => {
    await open(adminPage, 'Manage Coupons');
    await adminPage.getByRole('button', { name: `Make Unavailable: ${couponCode}` }).click();
    await toast(adminPage, 'This coupon is unavailable now!').waitFor();
    await adminPage.getByRole('button', { name: `Make Available: ${couponCode}` }).waitFor();

    const home = await userPage.context().newPage();
    await home.goto(stack.uiUrl);
    await home.getByRole('heading', { name: 'Coupons' }).waitFor();
    // Once the coupons have loaded: cards of other coupons, or none at all.
    const coupons = home.getByRole('article').filter({ hasText: 'Code:' });
    await coupons.or(home.getByText('No coupons are available right now.')).first().waitFor();
    expect(await coupons.filter({ hasText: couponCode }).count()).toBe(0);
    await home.close();

    await openPayment(userPage, target.apartment.si, 'May');
    await expect
      .poll(() => userPage.getByLabel('Net Rent').textContent(), patience)
      .toBe(taka(target.apartment.rent));
    await userPage.getByLabel('Coupon code').fill(couponCode);
    await userPage.getByRole('button', { name: 'Apply coupon' }).click();
    // The server is asked, and says why: the coupon is switched off.
    await userPage.getByRole('alert').filter({ hasText: 'This coupon is not available.' }).waitFor();
  });

  it('the admin posts an announcement and the member reads it', async () => {
    const title = `Lift service ${couponCode}`;
    await open(adminPage, 'Make Announcement');
    await adminPage.getByLabel('Title').fill(title);
    await adminPage.getByLabel('Description').fill('The lift is serviced on Monday from 9 to 11.');
    await shot(adminPage, 'admin-make-announcement');
    await adminPage.getByRole('button', { name: 'Add Announcement' }).click();
    await toast(adminPage, 'Announcement added successfully!').waitFor();

    await userPage.goto(`${stack.uiUrl}/dashboard/announcements`);
    await userPage.getByRole('heading', { name: new RegExp(`^\\d+\\. ${title}$`) }).waitFor();
    await shot(userPage, 'member-announcements');
  });

  it('the admin reads the audit log with its chains verified', async () => {
    await open(adminPage, 'Audit Log');
    await adminPage.getByText('Hash chains verified').waitFor();
    await adminPage.getByRole('cell', { name: 'AgreementAccepted' }).first().waitFor();
    await shot(adminPage, 'admin-audit-log');
  });

  it('the admin demotes the member and the apartment is available again', async () => {
    await open(adminPage, 'Manage Members');
    const remove = adminPage.getByRole('button', { name: `Remove ${user.email}` });
    await remove.waitFor();
    await shot(adminPage, 'admin-manage-members');
    await remove.click();
    const confirm = adminPage.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Remove User' }).click();
    await adminPage.getByRole('dialog', { name: 'Removed!' }).waitFor();
    await adminPage.keyboard.press('Escape');
    await expect.poll(() => remove.count()).toBe(0);

    await userPage.goto(`${stack.uiUrl}/apartment${target.page > 1 ? `?page=${target.page}` : ''}`);
    const card = userPage.getByRole('article', { name: `Apartment ${target.apartment.apartment}` });
    await card.getByRole('button', { name: 'Agreement' }).waitFor();
    expect(await card.getByRole('button', { name: 'Booked' }).count()).toBe(0);
  });
});
