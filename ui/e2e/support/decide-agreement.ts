import type { Page } from 'playwright-core';

/**
 * Accepts or rejects a request on the admin's Agreement Requests page as an admin does: the
 * button, the confirmation, then the ten-second undo window, until the toast says it was done.
 */
export async function decideAgreement(
  page: Page,
  verdict: 'Accept' | 'Reject',
  request: { email: string; apartment: string },
): Promise<void> {
  await page
    .getByRole('button', { name: `${verdict} ${request.email} for apartment ${request.apartment}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: verdict, exact: true }).click();
  await page.getByText(verdict === 'Accept' ? /^Accepting in \d+ s$/ : /^Rejecting in \d+ s$/).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: verdict === 'Accept' ? 'Request accepted!' : 'Request rejected!' })
    .first()
    .waitFor({ timeout: 30_000 });
}
