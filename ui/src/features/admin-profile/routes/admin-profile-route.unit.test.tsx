import { screen, within } from '@testing-library/react';
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
const tile = (label: string) => screen.getByText(label).closest('.stat-tile') as HTMLElement;

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
