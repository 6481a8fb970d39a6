import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Pays on the page's card form with the sandbox's card that succeeds, as a person types it, and
 * returns the transaction id the page shows once the provider confirmed it.
 */
export async function payByCard(page: Page, received: string | RegExp): Promise<string> {
  const patience = { timeout: 20_000 };
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').pressSequentially('4242424242424242', patience);
  await card.getByLabel('Expiration date MM / YY').pressSequentially('1234');
  await card.getByLabel('CVC').pressSequentially('123');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect.poll(() => pay.isEnabled(), patience).toBe(true);
  await pay.click();
  await page.getByRole('status').filter({ hasText: received }).first().waitFor(patience);
  const transactionId = (await page.locator('.transaction-id').textContent()) ?? '';
  expect(transactionId).toMatch(/^pi_/);
  return transactionId;
}
