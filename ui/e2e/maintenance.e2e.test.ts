import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { waitForEmail } from './support/mailbox.ts';
import { signIn } from './support/sign-in.ts';
import { solidPng } from './support/solid-png.ts';
import { e2eStack } from './support/stack-env.ts';

/**
 * A maintenance request end to end, in Chromium against the started stack: the member files one
 * with a photo; the admin schedules it, then marks it done; the member's open page shows each step
 * without a reload (the query-service's live stream). The member stays on a phone, the admin on a
 * desktop, so both layouts are seen. Each status change also reaches the member by email.
 */
const stack = e2eStack();
const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 800 };
const shot = (page: Page, name: string) => screenshot(page, `maintenance/${name}`);
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const live = { timeout: 15_000 };

describe('a maintenance request, in Chromium', () => {
  let browser: Browser;
  let memberPage: Page;
  let adminPage: Page;
  const description = `The bathroom tap drips (${Date.now().toString(36)}).`;
  const visit = '2099-03-14';

  beforeAll(async () => {
    browser = await launchBrowser();
    memberPage = await signIn(
      await browser.newContext({ viewport: phone }),
      stack.uiUrl,
      stack.accounts.member,
    );
    adminPage = await signIn(
      await browser.newContext({ viewport: desktop }),
      stack.uiUrl,
      stack.accounts.admin,
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The request's card on a page, found by its description. */
  const cardOn = (page: Page) => page.getByRole('article').filter({ hasText: description });

  it('the member files a request with a photo', async () => {
    await memberPage.goto(`${stack.uiUrl}/dashboard/maintenance`);
    await memberPage.getByRole('heading', { name: 'Maintenance', level: 1 }).waitFor();
    await memberPage.getByLabel('Category').selectOption({ label: 'Plumbing' });
    await memberPage.getByLabel('What is wrong?').fill(description);
    await memberPage
      .getByLabel('Photos (up to 3)')
      .setInputFiles({ name: 'tap.png', mimeType: 'image/png', buffer: solidPng(64, 48, [40, 120, 200]) });
    const upload = memberPage.waitForResponse(
      (r) => r.url().endsWith('/images') && r.request().method() === 'POST',
    );
    await memberPage.getByRole('button', { name: 'Send request' }).click();
    expect((await upload).status()).toBe(200);
    await toast(memberPage, 'Your request was sent.').waitFor();
    const card = cardOn(memberPage);
    await card.getByText('Open', { exact: true }).first().waitFor();
    const photo = card.getByRole('img', { name: 'Photo 1 of the problem' });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth), live).toBe(64);
    await shot(memberPage, 'member-filed-phone');
  });

  it('the admin schedules it; the member sees the visit date live', async () => {
    await adminPage.goto(`${stack.uiUrl}/dashboard`);
    await adminPage.getByRole('complementary').getByRole('link', { name: 'Maintenance' }).click();
    const card = cardOn(adminPage);
    await card.waitFor(live);
    await card.getByLabel('New status').selectOption({ label: 'Scheduled' });
    await card.getByLabel('Visit date').fill(visit);
    await shot(adminPage, 'admin-queue-desktop');
    await card.getByRole('button', { name: 'Update status' }).click();
    await toast(adminPage, 'The status was updated.').waitFor();

    await cardOn(memberPage).getByText('Visit on 14 March 2099').first().waitFor(live);
    await cardOn(memberPage).getByText('Scheduled', { exact: true }).first().waitFor();
    await shot(memberPage, 'member-scheduled-phone');
    const email = await waitForEmail(stack.mailboxUrl, stack.accounts.member.email, /: scheduled$/);
    expect(email.subject).toMatch(/^Maintenance request for \S+: scheduled$/);
  });

  it('the admin marks it done and comments; the member sees both live and answers', async () => {
    const card = cardOn(adminPage);
    await card.getByLabel('New status').selectOption({ label: 'Done' });
    await card.getByRole('button', { name: 'Update status' }).click();
    await toast(adminPage, 'The status was updated.').waitFor();
    // Done leaves the default filter (not yet closed): look among all statuses.
    await adminPage.getByLabel('Status', { exact: true }).selectOption({ label: 'Done' });
    await cardOn(adminPage).getByText('This request is closed.').waitFor(live);
    await cardOn(adminPage).getByLabel('Add a comment').fill('Fixed: new washer fitted.');
    await cardOn(adminPage).getByRole('button', { name: 'Comment' }).click();
    await toast(adminPage, 'Your comment was added.').waitFor();

    const mine = cardOn(memberPage);
    await mine.getByText('Fixed: new washer fitted.').waitFor(live);
    expect(await mine.getByText('Done', { exact: true }).count()).toBeGreaterThan(0);
    await mine.getByLabel('Add a comment').fill('Thank you!');
    await mine.getByRole('button', { name: 'Comment' }).click();
    await mine.getByText('Thank you!', { exact: true }).waitFor(live);
    await shot(memberPage, 'member-done-phone');
    await waitForEmail(stack.mailboxUrl, stack.accounts.member.email, /^Maintenance request for \S+: done$/);
    await memberPage.setViewportSize(desktop);
    await shot(memberPage, 'member-done-desktop');
    await adminPage.setViewportSize(phone);
    await shot(adminPage, 'admin-queue-phone');
  });
});
