import type { BrowserContext, Page } from 'playwright-core';
import type { E2eAccount } from './stack-env.ts';

/** Opens a page in the context and signs in through the login form, as a person would. */
export async function signIn(context: BrowserContext, uiUrl: string, account: E2eAccount): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${uiUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
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
