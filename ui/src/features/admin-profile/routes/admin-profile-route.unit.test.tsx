import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { delay, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend } from '../../../testing/backend.ts';
import { dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

serveDashboardBackend();

const admin = { email: 'admin@example.com', displayName: 'Ayesha Admin' };
const tile = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).closest('.stat-tile') as HTMLElement;

describe('admin profile', () => {
  beforeEach(() => backend.admins.add(admin.email));

  it('shows the profile and the statistics, in flats rather than percentages', async () => {
    dashboard.stats = {
      total: 12,
      available: 7,
      booked: 5,
      user: 9,
      member: 4,
      maintenance: { open: 3, acknowledged: 1, scheduled: 2, 'in-progress': 1, done: 6, declined: 0 },
    };
    renderRoute('/dashboard/adminProfile', { signedInAs: admin });
    expect(await screen.findByRole('region', { name: 'Profile' })).toHaveTextContent('Ayesha Admin');
    await screen.findByText('Flats');
    expect(within(tile('Flats')).getByText('12')).toBeInTheDocument();
    expect(within(tile('Flats available')).getByText('7')).toBeInTheDocument();
    expect(within(tile('Flats leased')).getByText('5')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('%');
    expect(within(tile('Users')).getByText('9')).toBeInTheDocument();
    expect(within(tile('Members')).getByText('4')).toBeInTheDocument();
    // Maintenance requests by status.
    expect(screen.getByRole('heading', { name: 'Maintenance requests' })).toBeInTheDocument();
    expect(within(tile('Open')).getByText('3')).toBeInTheDocument();
    expect(within(tile('In progress')).getByText('1')).toBeInTheDocument();
    expect(within(tile('Done')).getByText('6')).toBeInTheDocument();
  });

  it("shows this month's rent in taka beside the counts: owed, collected, overdue", async () => {
    dashboard.monthRent = {
      asOf: '2026-03-10T00:00:00.000Z',
      year: 2026,
      month: 'March',
      duePoisha: 4_800_000,
      collectedPoisha: 2_160_050,
      overduePoisha: 7_200_000,
    };
    dashboard.overdueRent = { ...dashboard.overdueRent, members: 2 };
    renderRoute('/dashboard/adminProfile', { signedInAs: admin });
    await screen.findByText('Rent due, March 2026');
    expect(screen.getByRole('heading', { name: 'Rent' })).toBeInTheDocument();
    expect(within(tile('Rent due, March 2026')).getByText('৳ 48,000')).toBeInTheDocument();
    expect(within(tile('Collected, March 2026')).getByText('৳ 21,600.5')).toBeInTheDocument();
    expect(within(tile('Overdue Rent')).getByText('৳ 72,000')).toBeInTheDocument();
    expect(await within(tile('Residents Overdue')).findByText('2')).toBeInTheDocument();
  });

  it('in Bangla, with Bangla digits and month names', async () => {
    dashboard.monthRent = { ...dashboard.monthRent, duePoisha: 4_800_000, collectedPoisha: 1_400_000 };
    await i18next.changeLanguage('bn');
    renderRoute('/dashboard/adminProfile', { signedInAs: admin });
    await screen.findByText('মার্চ ২০২৬-এর পাওনা ভাড়া');
    expect(within(tile('মার্চ ২০২৬-এর পাওনা ভাড়া')).getByText('৳ ৪৮,০০০')).toBeInTheDocument();
    expect(within(tile('মার্চ ২০২৬-এ আদায়')).getByText('৳ ১৪,০০০')).toBeInTheDocument();
  });

  it('shows no flats for an empty building', async () => {
    dashboard.stats = {
      total: 0,
      available: 0,
      booked: 0,
      user: 0,
      member: 0,
      maintenance: { open: 0, acknowledged: 0, scheduled: 0, 'in-progress': 0, done: 0, declined: 0 },
    };
    renderRoute('/dashboard/adminProfile', { signedInAs: admin });
    await screen.findByText('Flats');
    expect(within(tile('Flats available')).getByText('0')).toBeInTheDocument();
  });

  it("says 'Loading...' and then 'Error loading data' when the read fails", async () => {
    server.use(
      http.get(`${env.queryUrl}/apartmentData`, async () => {
        await delay(100);
        return problem(500, 'boom', 'Internal Server Error');
      }),
    );
    renderRoute('/dashboard/adminProfile', { signedInAs: admin });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Error loading data')).toBeInTheDocument();
  });

  it('says the data is missing when the answer has another shape', async () => {
    dashboard.stats = { total: 12 };
    renderRoute('/dashboard/adminProfile', { signedInAs: admin });
    expect(await screen.findByText('Data is missing or has an unexpected structure')).toBeInTheDocument();
  });
});
