import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { signIn } from './support/sign-in.ts';
import { solidPng } from './support/solid-png.ts';
import { e2eStack } from './support/stack-env.ts';

/**
 * The building's books end to end, on a phone: the admin records two expenses (one with a photo of
 * its receipt) and a recurring salary, opens Finance and sees this month's statement and the
 * chart, downloads the statement as CSV and PDF, and every figure is the journal's: each category's
 * expenses, the scheduler's salary and the rent are what GET /journal says moved this month.
 */
const stack = e2eStack();
const phone = { width: 390, height: 844 };
const patience = { timeout: 20_000 };
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const pad = (n: number) => String(n).padStart(2, '0');
const dhaka = new Date(Date.now() + 6 * 3600_000);
const [year, month] = [dhaka.getUTCFullYear(), dhaka.getUTCMonth() + 1];
const firstDay = `${year}-${pad(month)}-01`;
// The salary falls due today (a plan's first period is its day on or after the day it is set), so
// the scheduler (waking every 2 s here) issues it during the journey. Plans run on days 1 - 28:
// from the 29th on, the first period is next month's and this month's statement has none.
const salaryDay = dhaka.getUTCDate();
const salaryDueThisMonth = salaryDay <= 28;
const lastDay = `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;

describe("the building's books, in Chromium", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signIn(
      await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true }),
      stack.uiUrl,
      stack.accounts.admin,
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The journal's movement of an account this month, in taka (debit - credit). */
  async function journalMoved(account: string): Promise<number> {
    const token = await page.evaluate(() => localStorage.getItem('access-token'));
    const response = await fetch(
      `${stack.queryUrl}/journal?from=${firstDay}&to=${lastDay}&account=${account}`,
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    );
    expect(response.status).toBe(200);
    const { totalDebit, totalCredit } = (await response.json()) as {
      totalDebit: number;
      totalCredit: number;
    };
    return Math.round((totalDebit - totalCredit) * 100) / 100;
  }

  it('records two expenses, one with its receipt, and a recurring salary', async () => {
    await page.goto(`${stack.uiUrl}/dashboard/finance`);
    await page.getByRole('heading', { name: 'Finance', level: 1 }).waitFor(patience);
    const expense = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: 'Record an expense' }) });
    await expense.getByLabel('Category').selectOption({ label: 'Repairs' });
    await expense.getByLabel(/^Paid to/).fill('Karim Plumbing');
    await expense.getByLabel(/^Amount \(taka\)/).fill('3500.50');
    await expense.getByLabel('Receipt photo').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: solidPng(48, 64, [240, 240, 230]),
    });
    const upload = page.waitForResponse(
      (r) => r.url().endsWith('/images') && r.request().method() === 'POST',
    );
    await expense.getByRole('button', { name: 'Record expense' }).click();
    expect((await upload).status()).toBe(200);
    await toast(page, 'Expense recorded.').waitFor(patience);

    await expense.getByLabel('Category').selectOption({ label: 'Cleaning' });
    await expense.getByLabel(/^Paid to/).fill('Shine Cleaners');
    await expense.getByLabel(/^Amount \(taka\)/).fill('1200');
    await expense.getByLabel('Paid from').selectOption({ label: 'bKash' });
    const recorded = page.waitForResponse(
      (r) => r.url().endsWith('/expenses') && r.request().method() === 'POST',
    );
    await expense.getByRole('button', { name: 'Record expense' }).click();
    expect((await recorded).status()).toBe(200);

    const recurring = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: 'Set a recurring expense' }) });
    await recurring.getByLabel(/^Paid to/).fill('Guards');
    await recurring.getByLabel(/^Amount \(taka\)/).fill('24000');
    await recurring.getByLabel('Paid from').selectOption({ label: 'bank' });
    await recurring.getByLabel(/^Day of the month/).fill(String(salaryDay));
    await recurring.getByRole('button', { name: 'Set recurring expense' }).click();
    await toast(page, 'Recurring expense set').waitFor(patience);
  });

  it("shows this month's statement and its chart, as the journal has it, and fits the phone", async () => {
    const table = page.getByRole('table');
    const amountOf = async (item: string) =>
      (await table
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: item, exact: true }) })
        .first()
        .locator('td')
        .last()
        .textContent()) ?? '';
    await table.getByRole('cell', { name: 'Repairs', exact: true }).waitFor(patience);
    const taka = (value: number) =>
      `৳ ${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(value)}`;
    expect(await journalMoved('expense:repairs')).toBe(3500.5);
    expect(await amountOf('Repairs')).toBe(taka(3500.5));
    expect(await amountOf('Cleaning')).toBe(taka(await journalMoved('expense:cleaning')));
    // The salary is the scheduler's: the journal has it once issued, and the page refetches live.
    if (salaryDueThisMonth) {
      await expect.poll(() => journalMoved('expense:salaries'), patience).toBe(24_000);
      await expect.poll(() => amountOf('Salaries'), patience).toBe(taka(24_000));
    }
    const rent = -(await journalMoved('income:rent'));
    if (rent !== 0) expect(await amountOf('Rent')).toBe(taka(rent));
    await page.getByRole('img', { name: /Income and expenses, last 12 months/ }).waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await screenshot(page, 'finance/admin-statement-phone');
  });

  it('downloads the statement as CSV and PDF, with the same figures', async () => {
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`statement-${year}-${pad(month)}.csv`);
    const rows = (await readFile((await csv.path())!, 'utf8')).split('\r\n');
    expect(rows[0]).toBe('Month,Section,Item,Amount (BDT)');
    expect(rows).toContain(`${year}-${pad(month)},Expenses,Repairs,3500.50`);
    expect(rows).toContain(
      `${year}-${pad(month)},Expenses,Cleaning,${(await journalMoved('expense:cleaning')).toFixed(2)}`,
    );

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`statement-${year}-${pad(month)}.pdf`);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
