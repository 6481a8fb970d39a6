import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
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
    backend.coupons.push({
      _id: 'c3',
      code: 'OLD5',
      discount: 5,
      description: 'Expired offer',
      status: 'unavailable',
    });
  });

  it('lists every coupon, available or not, with its toggle', async () => {
    renderRoute(path, { signedInAs: admin });
    await screen.findByText('WELCOME10');
    const rows = screen
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['#', 'Coupon Code', 'Discount (%)', 'Status', 'Action'],
      ['1', 'WELCOME10', '10', 'available', 'Make Unavailable'],
      ['2', 'SUMMER15', '15', 'available', 'Make Unavailable'],
      ['3', 'OLD5', '5', 'unavailable', 'Make Available'],
    ]);
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
