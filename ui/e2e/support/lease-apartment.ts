import type { Page } from 'playwright-core';
import { firstAvailableApartment, type ApartmentRow } from './available-apartment.ts';
import { decideAgreement } from './decide-agreement.ts';

/**
 * A newcomer asks for the first available apartment on its card and an admin accepts it on the
 * Agreement Requests page, as people do; answers the apartment leased. The newcomer's page is
 * left on the listing: open a dashboard page afresh to read its roles as a member's.
 */
export async function leaseFirstAvailable(
  urls: { uiUrl: string; queryUrl: string },
  newcomer: { page: Page; email: string },
  admin: Page,
  options: { aloneInBlock?: boolean } = {},
): Promise<ApartmentRow> {
  const target = await firstAvailableApartment(urls.queryUrl, options);
  const { apartment } = target.apartment;
  const { page } = newcomer;
  await page.goto(`${urls.uiUrl}/apartment${target.page > 1 ? `?page=${target.page}` : ''}`);
  await page
    .getByRole('article', { name: `Apartment ${apartment}` })
    .getByRole('button', { name: 'Agreement' })
    .click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog', { name: 'Request sent!' }).waitFor();
  await page.keyboard.press('Escape');
  await admin.goto(`${urls.uiUrl}/dashboard/agreementRequest`);
  await decideAgreement(admin, 'Accept', { email: newcomer.email, apartment });
  return target.apartment;
}
