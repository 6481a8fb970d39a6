import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '@building/auth-emulator/emulator-accounts';
import type { ApartmentRow } from './support/available-apartment.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { leaseFirstAvailable } from './support/lease-apartment.ts';
import { waitForEmail } from './support/mailbox.ts';
import { payByCard } from './support/pay-by-card.ts';
import { signIn } from './support/sign-in.ts';
import { takaOf } from './support/taka.ts';
import { e2eStack } from './support/stack-env.ts';
import { newcomerAccount } from './support/newcomer.ts';

/**
 * A month's whole bill end to end, on phones (390x844): the admin sets a service plan (for the new
 * resident's block, one nobody else leases in, and back to none once it charged) and the
 * electricity tariff, enters two readings of the resident's meter, and
 * records a bKash payment for part of the month at the cash desk; the resident's open Account page
 * shows each line as it comes, the rest is paid by card, the receipt downloads, and the mailbox
 * holds both receipts. Its own newcomer, so the other journeys' accounts are left as they are.
 */
const stack = e2eStack();
const newcomer = newcomerAccount('desk', 'Tania Tenant');
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };
const patience = { timeout: 20_000 };
const shot = (page: Page, name: string) => screenshot(page, `account-desk/${name}`);
const thisMonth = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Dhaka',
}).format(new Date());
const reference = `BK-${Date.now().toString(36).toUpperCase()}`;

describe("a month's bill at the desk and by card, in Chromium on a phone", () => {
  let browser: Browser;
  let member: Page;
  let admin: Page;
  let lease: ApartmentRow;

  beforeAll(async () => {
    await ensureAccount(stack.authHost, 'demo-building', { ...newcomer, emailVerified: true });
    browser = await launchBrowser();
    member = await signIn(await browser.newContext(phone), stack.uiUrl, newcomer);
    admin = await signIn(await browser.newContext(phone), stack.uiUrl, stack.accounts.admin);
    lease = await leaseFirstAvailable(stack, { page: member, email: newcomer.email }, admin, {
      aloneInBlock: true,
    });
    await member.goto(`${stack.uiUrl}/dashboard/account`);
    await member.getByRole('heading', { name: 'Account', exact: true }).waitFor(patience);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the admin sets the service plan and a tariff and reads the meter; the resident sees the lines live', async () => {
    await admin.goto(`${stack.uiUrl}/dashboard/charges`);
    const plan = admin.getByRole('form', { name: 'Monthly service charge' });
    await plan.getByRole('radio', { name: 'An amount per block' }).check();
    await plan.getByLabel(`Block ${lease.block} (taka; empty: none)`).fill('1500');
    await plan.getByRole('button', { name: 'Save plan' }).click();
    await plan.getByText(`block ${lease.block}: ৳ 1,500`).waitFor(patience);

    const electricity = admin.getByRole('form', { name: 'Tariff of Electricity' });
    await electricity.getByLabel(/Per unit/).fill('8.5');
    await electricity.getByLabel(/Fixed per bill/).fill('50');
    await electricity.getByRole('button', { name: 'Save Electricity' }).click();
    await admin.getByRole('status').filter({ hasText: 'Electricity tariff saved' }).first().waitFor(patience);

    const meter = admin.getByRole('form', { name: `Reading of Electricity, ${lease.apartment}` });
    const reading = meter.getByLabel(`New Electricity reading, ${lease.apartment}`);
    await reading.fill('1000');
    await meter.getByRole('button', { name: 'Save' }).click();
    await meter.getByRole('status').filter({ hasText: 'Saved: the meter starts here' }).waitFor(patience);
    await reading.fill('1100');
    await meter.getByRole('button', { name: 'Save' }).click();
    // (1100 - 1000) x 8.5 + 50
    await meter.getByRole('status').filter({ hasText: 'Saved: ৳ 900 billed' }).waitFor(patience);
    await shot(admin, 'admin-charges');

    // No reload: the scheduler issues the month's service charge from the plan, the reading its bill.
    // On the phone each cell is named by its column too ("Description Service charge").
    await member
      .getByRole('cell', { name: /Service charge$/ })
      .first()
      .waitFor(patience);
    await member
      .getByRole('cell', { name: 'Electricity: meter 1,000 to 1,100 (100 units)' })
      .waitFor(patience);

    // The plan back to none: a lease the other journeys make in this block this month owes no charge.
    await plan.getByRole('radio', { name: 'One amount for all' }).check();
    await plan.getByLabel(/Amount \(taka\)/).fill('0');
    await plan.getByRole('button', { name: 'Save plan' }).click();
    await plan.getByText('৳ 0 for every apartment').waitFor(patience);
  });

  it('the admin records part of the month by bKash at the cash desk, and its receipt downloads', async () => {
    await admin.goto(`${stack.uiUrl}/dashboard/cashDesk`);
    await admin.getByRole('searchbox', { name: /Find a resident/ }).fill(newcomer.email);
    await admin.getByRole('button', { name: 'Find', exact: true }).click();
    await admin.getByRole('button', { name: new RegExp(`^${lease.apartment} · Tania Tenant`) }).click();
    const sums = admin.locator('.month-owing');
    const sum = (label: string) =>
      sums.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();
    await sums.waitFor(patience);
    expect(takaOf(await sum('Charges'))).toBe(2400);
    const owed = takaOf(await sum('Owed'));
    expect(owed).toBe(takaOf(await sum('Rent')) + 2400);

    const form = admin.getByRole('form', { name: 'Record a payment' });
    await form.getByLabel('Method').selectOption('bkash');
    await form.getByLabel(/Reference/).fill(reference);
    await form.getByLabel(/Amount/).fill('5000');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await form.getByRole('status').filter({ hasText: '৳ 5,000 recorded.' }).waitFor(patience);
    const download = admin.waitForEvent('download');
    await form.getByRole('button', { name: 'Receipt (PDF)' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expect.poll(async () => takaOf(await sum('Remaining')), patience).toBe(owed - 5000);
    await shot(admin, 'admin-cash-desk');

    await member.getByRole('cell', { name: `bKash · ${reference}` }).waitFor(patience);
    await shot(member, 'member-account-live');
    // On the phone every line is a card: the history needs no sideways scrolling to be read.
    const overflow = await member
      .locator('main .table-container')
      .evaluate((box) => box.scrollWidth - box.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('the resident pays the rest by card, downloads the itemised receipt, and the mailbox holds both receipts', async () => {
    const remaining = member.getByText(new RegExp(`^${lease.apartment}, ${thisMonth}: ৳ [\\d,.]+ owed\\.`));
    const rest = takaOf(await remaining.textContent());
    await member.getByRole('link', { name: `Pay ${thisMonth}` }).click();
    await member.getByRole('heading', { name: 'Payment' }).waitFor(patience);
    await expect
      .poll(async () => takaOf(await member.getByLabel('Payable').textContent()), patience)
      .toBe(rest);
    const transactionId = await payByCard(member, 'Payment received successfully!');

    await member.goto(`${stack.uiUrl}/dashboard/rentLedger`);
    // On a phone the ledger's rows are cards whose cells say their column too: found by the month.
    const row = member.getByRole('row').filter({ hasText: thisMonth });
    await row.getByText('Paid', { exact: true }).waitFor(patience);
    const download = member.waitForEvent('download');
    await row.getByRole('button', { name: `Receipt for ${transactionId}` }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await shot(member, 'member-paid');

    const [month, year] = thisMonth.split(' ');
    const bkash = await waitForEmail(
      stack.mailboxUrl,
      newcomer.email,
      new RegExp(`^Receipt: ${month} ${year}, ৳ 5,000 by bKash$`),
    );
    const card = await waitForEmail(
      stack.mailboxUrl,
      newcomer.email,
      new RegExp(`^Receipt: rent for ${month} ${year}`),
    );
    for (const receipt of [bkash, card])
      expect(receipt.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });
});
