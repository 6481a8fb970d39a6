import type { BrowserContext, Page } from 'playwright-core';
import { bn } from '../../src/i18n/bn.ts';
import { en } from '../../src/i18n/en.ts';
import type { Translation } from '../../src/i18n/types.ts';
import type { E2eAccount } from './stack-env.ts';

/** The site's words in the language the page is in (a context's locale picks it on a first visit). */
export async function wordsOf(page: Page): Promise<Translation<typeof en>> {
  return (await page.evaluate(() => document.documentElement.lang)) === 'bn' ? bn : en;
}

/** Opens a page in the context and signs in through the login form, as a person would. */
export async function signIn(context: BrowserContext, uiUrl: string, account: E2eAccount): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${uiUrl}/login`);
  const { auth } = await wordsOf(page);
  await page.getByLabel(auth.email).fill(account.email);
  await page.getByLabel(auth.password).fill(account.password);
  await page.getByRole('button', { name: auth.continue, exact: true }).click();
  // Signed in once the session is back (the address leaves /login); on a phone the account menu
  // itself is folded behind the burger, out of the accessibility tree.
  await page
    .waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 })
    .catch(async () => {
      const said = await page.getByRole('status').allTextContents();
      throw new Error(
        `${account.email} did not get signed in; the page said: ${said.join(' | ') || 'nothing'}`,
      );
    });
  return page;
}
