import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '@building/auth-emulator/emulator-accounts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { leaseFirstAvailable } from './support/lease-apartment.ts';
import { waitForEmail } from './support/mailbox.ts';
import { payByCard } from './support/pay-by-card.ts';
import { signIn } from './support/sign-in.ts';
import { takaOf } from './support/taka.ts';
import { e2eStack } from './support/stack-env.ts';
import { newcomerAccount } from './support/newcomer.ts';

/**
 * A lease's deposit end to end, on phones (390x844): the agreement is accepted, so the lease owes
 * its deposit; the new member pays it by card from the Account page; the admin ends the lease
 * (demotes the member) and settles the deposit with one deduction, returned in cash; the former
 * member's account shows what was kept and what was returned, and the mailbox has the settlement.
 * Its own newcomer, so the other journeys' accounts are left as they are.
 */
const stack = e2eStack();
const newcomer = newcomerAccount('deposit', 'Dina Deposit');
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };
const patience = { timeout: 20_000 };
const shot = (page: Page, name: string) => screenshot(page, `deposit/${name}`);

describe('a deposit from acceptance to its return, in Chromium on a phone', () => {
  let browser: Browser;
  let member: Page;
  let admin: Page;
  let apartment: string;

  beforeAll(async () => {
    await ensureAccount(stack.authHost, 'demo-building', { ...newcomer, emailVerified: true });
    browser = await launchBrowser();
    member = await signIn(await browser.newContext(phone), stack.uiUrl, newcomer);
    admin = await signIn(await browser.newContext(phone), stack.uiUrl, stack.accounts.admin);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('accepted, the lease owes its deposit, and the member pays it by card', async () => {
    ({ apartment } = await leaseFirstAvailable(stack, { page: member, email: newcomer.email }, admin));

    // A fresh page: the roles it knew were a user's.
    await member.goto(`${stack.uiUrl}/dashboard/account`);
    await member.getByRole('heading', { name: 'Account', exact: true }).waitFor(patience);
    const owed = member.getByText(/^Deposit ৳ [\d,.]+: ৳ 0 paid, ৳ [\d,.]+ to pay\.$/);
    await owed.waitFor(patience);
    const deposit = takaOf(((await owed.textContent()) ?? '').split(':')[0]!);
    expect(deposit).toBeGreaterThan(0);
    await shot(member, 'member-deposit-owed');

    await member.getByRole('link', { name: /^Pay deposit/ }).click();
    await member.getByRole('heading', { name: 'Pay Deposit' }).waitFor(patience);
    const payable = member.getByLabel('Deposit to pay');
    await expect.poll(async () => takaOf(await payable.textContent()), patience).toBe(deposit);
    await payByCard(member, 'Deposit payment received!');
    await shot(member, 'member-deposit-paid');
    await member.getByRole('link', { name: 'Back to your account' }).click();
    await member.getByText(/^Deposit ৳ [\d,.]+: ৳ [\d,.]+ paid, ৳ 0 to pay\.$/).waitFor(patience);
    expect(await member.getByRole('link', { name: /^Pay deposit/ }).count()).toBe(0);
  });

  it('the lease ends, the admin settles the deposit with one deduction, and the account shows the return', async () => {
    await admin.goto(`${stack.uiUrl}/dashboard/manageMember`);
    await admin.getByRole('button', { name: `Remove ${newcomer.email}` }).click();
    await admin
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Remove User' })
      .click();
    await admin.getByRole('dialog', { name: 'Removed!' }).waitFor(patience);
    await admin.keyboard.press('Escape');

    await admin.goto(`${stack.uiUrl}/dashboard/settleDeposit`);
    await admin.getByRole('searchbox', { name: /Find a resident/ }).fill(newcomer.email);
    await admin.getByRole('button', { name: 'Find', exact: true }).click();
    const lease = admin.getByRole('button', {
      name: new RegExp(`^${apartment} · Dina Deposit · .* · lease ended`),
    });
    await lease.waitFor(patience);
    await lease.click();
    const form = admin.getByRole('form', { name: `Settle the deposit of ${apartment}` });
    await form.waitFor(patience);
    await form.getByRole('button', { name: 'Add a deduction' }).click();
    const deduction = form.getByRole('group', { name: 'Deduction 1' });
    await deduction.getByLabel(/Reason/).fill('Wall repainting');
    await deduction.getByLabel(/Amount/).fill('2000');
    await form.getByLabel('Returned by').selectOption('cash');
    await form.getByLabel(/Reference/).fill('CASH-RET-1');
    await shot(admin, 'admin-settlement');
    await form.getByRole('button', { name: 'Settle deposit' }).click();
    await admin
      .getByText(/^Deposit settled: ৳ 2,000 kept for deductions, ৳ [\d,.]+ returned by cash\.$/)
      .waitFor(patience);
    await shot(admin, 'admin-settled');

    await member.goto(`${stack.uiUrl}/dashboard/account`);
    const settled = member.getByText(
      /^Deposit settled: ৳ 2,000 kept for deductions, ৳ [\d,.]+ returned by cash\.$/,
    );
    await settled.waitFor(patience);
    await member.getByRole('cell', { name: 'Deposit returned' }).waitFor();
    await member.getByRole('cell', { name: 'Deposit deductions: Wall repainting' }).waitFor();
    await shot(member, 'former-member-deposit-returned');
    await waitForEmail(stack.mailboxUrl, newcomer.email, /^Your deposit is settled: ৳ [\d,.]+ returned$/);
  });
});
