import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '@building/auth-emulator/emulator-accounts';
import { firstAvailableApartment, type ApartmentRow } from './support/available-apartment.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { decideAgreement } from './support/decide-agreement.ts';
import { signIn } from './support/sign-in.ts';
import { e2eStack } from './support/stack-env.ts';
import { newcomerAccount } from './support/newcomer.ts';

/**
 * Notifications end to end: a newcomer asks for an apartment, an admin accepts it; the newcomer's
 * open page shows the bell's unread count without a reload, the mailbox page lists the email, and
 * the newcomer reads the notification and turns rent reminders off. Its own newcomer, so the other
 * journeys' accounts are left as they are.
 */
const stack = e2eStack();
const newcomer = newcomerAccount('newcomer', 'Nila Newcomer');
const phone = { width: 390, height: 844 };

const bell = (page: Page) => page.locator('.notification-bell:visible').getByRole('button').first();

describe('notifications, in Chromium', () => {
  let browser: Browser;
  let user: Page;
  let admin: Page;
  let target: { apartment: ApartmentRow; page: number };

  beforeAll(async () => {
    await ensureAccount(stack.authHost, 'demo-building', { ...newcomer, emailVerified: true });
    browser = await launchBrowser();
    user = await signIn(await browser.newContext(), stack.uiUrl, newcomer);
    admin = await signIn(await browser.newContext(), stack.uiUrl, stack.accounts.admin);
    target = await firstAvailableApartment(stack.queryUrl);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the bell counts the acceptance live, and the mailbox page lists its email', async () => {
    const { apartment } = target.apartment;
    await user.goto(`${stack.uiUrl}/apartment${target.page > 1 ? `?page=${target.page}` : ''}`);
    const card = user.getByRole('article', { name: `Apartment ${apartment}` });
    await card.getByRole('button', { name: 'Agreement' }).click();
    await user
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await user.getByRole('dialog', { name: 'Request sent!' }).waitFor();
    await user.keyboard.press('Escape');
    await user.goto(`${stack.uiUrl}/dashboard`);
    await expect(bell(user).getAttribute('aria-label')).resolves.toBe('Notifications');

    await admin.goto(`${stack.uiUrl}/dashboard/agreementRequest`);
    await decideAgreement(admin, 'Accept', { email: newcomer.email, apartment });

    // No reload: the query-service's stream says the notifications view changed. Two arrive: the
    // acceptance, and the new lease's first month unpaid, which the reminder scheduler (every 2 s
    // here) reminds of within moments. Waiting for one unread raced the reminder: the page could
    // go from none to two between its reads.
    await user.getByRole('button', { name: 'Notifications, 2 unread' }).first().waitFor({ timeout: 15_000 });
    const panel = user.getByRole('region', { name: 'Notifications' });
    await expect(panel.isVisible()).resolves.toBe(false);
    await bell(user).click();
    await panel.getByText(`Your agreement for apartment ${apartment} was accepted. Welcome home!`).waitFor();
    await panel.getByText(/Your dues for \w+ \d{4} \(.*\) are (due|overdue): /).waitFor();
    await screenshot(user, 'notifications/bell-desktop');

    const mailbox = await (await browser.newContext()).newPage();
    await mailbox.goto(stack.mailboxUrl);
    const subject = `Your agreement for apartment ${apartment} is accepted`;
    for (let i = 0; i < 30 && !(await mailbox.getByText(subject).count()); i += 1) {
      await mailbox.waitForTimeout(500);
      await mailbox.reload();
    }
    const entry = mailbox.getByRole('link').filter({ hasText: subject });
    await expect(entry.textContent()).resolves.toContain(newcomer.email);
    await screenshot(mailbox, 'notifications/mailbox-desktop');
    await entry.click();
    await mailbox.getByRole('heading', { name: subject }).waitFor();
    await mailbox.setViewportSize(phone);
    await screenshot(mailbox, 'notifications/mailbox-message-phone');

    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await user.getByRole('button', { name: 'Notifications', exact: true }).first().waitFor();
  });

  it('on a phone: the bell beside the menu, and the email switches on the profile', async () => {
    await user.setViewportSize(phone);
    await user.goto(`${stack.uiUrl}/dashboard/memberProfile`);
    await user.getByRole('heading', { name: 'Member Profile' }).waitFor();
    await bell(user).click();
    const panel = user.getByRole('region', { name: 'Notifications' });
    await panel.getByRole('listitem').first().waitFor();
    await screenshot(user, 'notifications/bell-phone');
    // Nothing to scroll sideways: the bar and the open list fit the phone.
    expect(await user.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await user.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    const reminders = user
      .getByRole('region', { name: 'Emails' })
      .getByRole('switch', { name: 'Rent reminders' });
    await expect(reminders.isChecked()).resolves.toBe(true);
    await reminders.click();
    await user.getByRole('status').filter({ hasText: 'Email preferences saved' }).first().waitFor();
    await screenshot(user, 'notifications/email-switches-phone');
    // Read back from the view after a reload: the choice was recorded.
    await user.reload();
    const again = user
      .getByRole('region', { name: 'Emails' })
      .getByRole('switch', { name: 'Rent reminders' });
    await again.waitFor();
    await expect.poll(() => again.isChecked(), { timeout: 10_000 }).toBe(false);
  });
});
