import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { delay, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo, coupon } from '../../../testing/backend.ts';
import { serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

serveDashboardBackend();

const admin = { email: 'admin@example.com' };
const path = '/dashboard/manageCoupon';

describe('manage coupons', () => {
  beforeEach(() => {
    backend.admins.add(admin.email);
    backend.coupons.push(
      coupon({ _id: 'c3', code: 'OLD5', discount: 5, description: 'Expired offer', status: 'unavailable' }),
    );
  });

  it('lists every coupon, available or not, with its toggle', async () => {
    renderRoute(path, { signedInAs: admin });
    await screen.findByText('WELCOME10');
    const rows = screen
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['#', 'Coupon Code', 'Discount (%)', 'Status', 'Last day', 'Uses', 'Action'],
      ['1', 'WELCOME10', '10', 'available', 'No end', '0', 'Make UnavailableEdit'],
      ['2', 'SUMMER15', '15', 'available', 'No end', '0', 'Make UnavailableEdit'],
      ['3', 'OLD5', '5', 'unavailable', 'No end', '0', 'Make AvailableEdit'],
    ]);
  });

  it('says which coupons expired or were used up, with their last day and uses', async () => {
    Object.assign(backend.coupons[0]!, { expiresOn: '2026-01-31', usageLimit: 10, uses: 4 });
    Object.assign(backend.coupons[1]!, { expiresOn: '2099-12-31', usageLimit: 3, uses: 3 });
    renderRoute(path, { signedInAs: admin });
    const welcome = (await screen.findByText('WELCOME10')).closest('tr')!;
    expect(within(welcome).getByText('expired')).toBeInTheDocument();
    expect(within(welcome).getByText('31 January 2026')).toBeInTheDocument();
    expect(within(welcome).getByText('4 of 10')).toBeInTheDocument();
    const summer = screen.getByText('SUMMER15').closest('tr')!;
    expect(within(summer).getByText('used up')).toBeInTheDocument();
    expect(within(summer).getByText('3 of 3')).toBeInTheDocument();
  });

  it('in Bangla, in Bangla words and digits', async () => {
    Object.assign(backend.coupons[0]!, { expiresOn: '2099-12-31', usageLimit: 10, uses: 4 });
    await i18next.changeLanguage('bn');
    renderRoute(path, { signedInAs: admin });
    const welcome = (await screen.findByText('WELCOME10')).closest('tr')!;
    expect(within(welcome).getByText('৩১ ডিসেম্বর, ২০৯৯')).toBeInTheDocument();
    expect(within(welcome).getByText('১০-এর মধ্যে ৪')).toBeInTheDocument();
    expect(within(welcome).getByRole('button', { name: 'সম্পাদনা: WELCOME10' })).toBeInTheDocument();
  });

  it('edits a coupon: its discount, last day and most uses (its code stays)', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit: SUMMER15' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit coupon SUMMER15' });
    expect(within(dialog).queryByLabelText(/Coupon code/)).toBeNull();
    const discount = within(dialog).getByLabelText(/Discount/);
    expect(discount).toHaveValue(15);
    await user.clear(discount);
    await user.type(discount, '20');
    await user.type(within(dialog).getByLabelText('Last day (optional)'), '2099-06-30');
    await user.type(within(dialog).getByLabelText('Most uses (optional)'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The coupon is saved.')).toBeInTheDocument();
    expect(callsTo('PUT', '/coupons/c2')[0]?.body).toEqual({
      discount: 20,
      description: 'Summer offer on any apartment',
      expiresOn: '2099-06-30',
      usageLimit: 25,
    });
    const summer = (await screen.findByText('30 June 2099')).closest('tr')!;
    expect(within(summer).getByText('0 of 25')).toBeInTheDocument();
  });

  it('says why an edit was refused, and keeps the modal open', async () => {
    backend.coupons[1]!.uses = 5;
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit: SUMMER15' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit coupon SUMMER15' });
    const limit = within(dialog).getByLabelText('Most uses (optional)');
    // The browser would stop a limit below the uses; the server says so to any client.
    limit.removeAttribute('min');
    await user.type(limit, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The coupon has already been used more times than that.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit coupon SUMMER15' })).toBeInTheDocument();
  });

  it('switches a coupon off and on again', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: 'Make Unavailable: WELCOME10' }));
    expect(await screen.findByText('This coupon is unavailable now!')).toBeInTheDocument();
    expect(callsTo('PATCH', '/couponUnavailable/c1')).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Make Available: WELCOME10' }));
    expect(await screen.findByText('This coupon is available now!')).toBeInTheDocument();
    expect(callsTo('PATCH', '/couponAvailable/c1')).toHaveLength(1);
  });

  it('adds a coupon through the modal', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: 'Add Coupon' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Coupon' });
    await user.type(within(dialog).getByLabelText(/Coupon code/), 'EID20');
    await user.type(within(dialog).getByLabelText(/Discount/), '20');
    await user.type(within(dialog).getByLabelText('Description'), 'Eid special');
    await user.click(within(dialog).getByRole('button', { name: 'Add Coupon' }));
    expect(await screen.findByText('Coupon added successfully!')).toBeInTheDocument();
    expect(callsTo('POST', '/addCoupon')[0]?.body).toEqual({
      code: 'EID20',
      discount: 20,
      description: 'Eid special',
      expiresOn: null,
      usageLimit: null,
      status: 'available',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('EID20')).toBeInTheDocument();
  });

  it('keeps the modal open and says why when the code is taken; Cancel closes it', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: 'Add Coupon' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Coupon' });
    await user.type(within(dialog).getByLabelText(/Coupon code/), 'welcome10');
    await user.type(within(dialog).getByLabelText(/Discount/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add Coupon' }));
    expect(await screen.findByText('Another coupon already uses this code.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Coupon' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when there are no coupons', async () => {
    backend.coupons = [];
    renderRoute(path, { signedInAs: admin });
    expect(await screen.findByText('There are no coupons yet.')).toBeInTheDocument();
  });

  it('shows a spinner, then the error', async () => {
    server.use(
      http.get(`${env.queryUrl}/coupons`, async () => {
        await delay(100);
        return problem(500, 'boom', 'Internal Server Error');
      }),
    );
    renderRoute(path, { signedInAs: admin });
    expect(await screen.findByText('Loading coupons…')).toBeInTheDocument();
    expect(await screen.findByText(/Could not load the coupons/)).toBeInTheDocument();
  });
});
