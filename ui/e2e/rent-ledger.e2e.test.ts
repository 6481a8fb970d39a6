import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { waitForEmail } from './support/mailbox.ts';
import { payByCard } from './support/pay-by-card.ts';
import { signIn } from './support/sign-in.ts';
import { e2eStack } from './support/stack-env.ts';

/**
 * The rent ledger end to end: the demo member's lease began when the stack seeded it, so this
 * month (in Dhaka) is unpaid and the reminder scheduler, started by the stack, has reminded them of
 * it, in the ledger and by email. The member pays it by card from the ledger; the ledger shows it
 * paid with its receipt, and the receipt arrives by email with its PDF.
 *
 * Every lease of this run began during it, and a lease's first month is overdue only five days
 * after its acceptance: the month is due (not overdue), and nobody owes overdue rent, so the
 * admin's list and statistics must say 0 residents and ৳ 0 (a first month counted from the 1st
 * would show here on most days of the month). Asked about the 10th of next month, the ledger
 * answers as it will then stand: the member, who paid this month, owes next month's rent, once.
 */
const stack = e2eStack();
const patience = { timeout: 20_000 };
const thisMonth = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Dhaka',
}).format(new Date());

async function openLedger(page: Page) {
  await page.getByRole('complementary').getByRole('link', { name: 'Rent Ledger' }).click();
  await page.getByRole('heading', { name: 'Rent Ledger' }).waitFor(patience);
}

describe('the rent ledger, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a member with an unpaid month sees it with its reminder, pays it, and the ledger shows it paid', async () => {
    const page = await signIn(await browser.newContext(), stack.uiUrl, stack.accounts.member);
    await page.goto(`${stack.uiUrl}/dashboard`);
    await page.waitForURL(/\/dashboard\/memberProfile$/);
    await openLedger(page);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: thisMonth, exact: true }) });
    await row.waitFor(patience);
    expect(await row.getByText(/^(Due|Overdue)$/).allTextContents()).toEqual(['Due']);
    // The scheduler's reminder reaches the open page live (or was already there).
    await row.getByText(/Due reminder \d\d\/\d\d\/\d{4}/).waitFor(patience);
    await screenshot(page, 'rent-ledger/member-unpaid');
    const [month, year] = thisMonth.split(' ');
    const member = stack.accounts.member.email;
    await waitForEmail(stack.mailboxUrl, member, new RegExp(`^Your dues for ${month} ${year} are due$`));

    await row.getByRole('link', { name: `Pay ${thisMonth}` }).click();
    await page.waitForURL(/\/dashboard\/payment\?si=\d+&month=\w+&year=\d{4}$/);
    const transactionId = await payByCard(page, 'Payment received successfully!');

    await openLedger(page);
    await row.getByText('Paid', { exact: true }).waitFor(patience);
    await row.getByRole('button', { name: `Receipt for ${transactionId}` }).waitFor();
    await screenshot(page, 'rent-ledger/member-paid');
    const receipt = await waitForEmail(
      stack.mailboxUrl,
      member,
      new RegExp(`^Receipt: rent for ${month} ${year}`),
    );
    expect(receipt.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });

  it('the admin sees that nobody owes overdue rent now (list, statistics), and that the member will owe next month', async () => {
    const page = await signIn(await browser.newContext(), stack.uiUrl, stack.accounts.admin);
    await page.goto(`${stack.uiUrl}/dashboard/overdueRent`);
    await page.getByRole('heading', { name: 'Overdue Rent' }).waitFor(patience);
    await page.getByText('Nobody owes overdue rent.').waitFor(patience);
    expect(await page.getByText(/residents owe/).count()).toBe(0);
    await page.goto(`${stack.uiUrl}/dashboard/adminProfile`);
    const tile = (label: string) =>
      page.locator('.stat-tile').filter({ has: page.getByText(label, { exact: true }) });
    await tile('Residents Overdue').waitFor(patience);
    expect(await tile('Residents Overdue').locator('dd').textContent()).toBe('0');
    expect(await tile('Overdue Rent').locator('dd').textContent()).toBe('৳ 0');

    const token = await page.evaluate(() => localStorage.getItem('access-token'));
    const read = async (path: string) => {
      const response = await fetch(`${stack.queryUrl}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status, path).toBe(200);
      return response.json();
    };
    const dhaka = new Date(Date.now() + 6 * 3600_000);
    const next = new Date(Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth() + 1, 10));
    const at = next.toISOString().slice(0, 10);
    const nextMonth = {
      year: next.getUTCFullYear(),
      month: new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(next),
    };
    const member = stack.accounts.member.email;
    const ledger = await read(`/rent-ledger/${member}?at=${at}`);
    expect(ledger.leases).toHaveLength(1);
    const rentPoisha: number = ledger.leases[0].lease.rentPoisha;
    expect(ledger.overduePoisha).toBe(rentPoisha);
    const overdue = await read(`/overdue-rent?at=${at}`);
    expect(overdue.rows.filter((row: { email: string }) => row.email === member)).toEqual([
      expect.objectContaining({ months: [nextMonth], overduePoisha: rentPoisha }),
    ]);
  });
});
