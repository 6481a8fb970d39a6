import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

serveDashboardBackend();

const user = {
  email: 'user@example.com',
  displayName: 'Karim User',
  photoURL: 'https://example.com/karim.png',
};
const path = '/dashboard/userProfile';
const pendingA103 = {
  _id: 'r1',
  si: 3,
  user_name: 'Karim User',
  user_email: user.email,
  room: '103',
  apartment: 'A-103',
  block: 'A',
  floor: 1,
  rent: 13000,
  status: 'pending' as const,
  timestamp: Date.UTC(2026, 2, 5, 12),
};

describe('user profile', () => {
  it("shows the user's card and their requests with each one's status", async () => {
    dashboard.myAgreements[user.email] = [
      pendingA103,
      {
        _id: 'r2',
        si: 5,
        user_name: 'Karim User',
        user_email: user.email,
        room: '201',
        apartment: 'B-201',
        block: 'B',
        floor: 2,
        rent: 15000,
        status: 'rejected',
        timestamp: Date.UTC(2026, 1, 28, 12),
      },
    ];
    renderRoute(path, { signedInAs: user });
    const card = await screen.findByRole('region', { name: 'Profile' });
    expect(card).toHaveTextContent('Karim User');
    expect(card).toHaveTextContent(user.email);
    expect(within(card).getByRole('img', { name: 'Karim User' })).toHaveAttribute('src', user.photoURL);

    const rows = await screen.findAllByRole('row');
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['#', 'Apartment', 'Block', 'Floor', 'Rent', 'Request Date', 'Status'],
      ['1', 'A-103', 'A', '1', '৳ 13,000', '05/03/2026', 'pendingWithdraw request'],
      ['2', 'B-201', 'B', '2', '৳ 15,000', '28/02/2026', 'rejected'],
    ]);
  });

  it('withdraws a pending request from the list, after asking', async () => {
    dashboard.myAgreements[user.email] = [pendingA103];
    backend.agreements.push({ si: 3, email: user.email, status: 'pending', timestamp: Date.UTC(2026, 2, 5) });
    const { user: person } = renderRoute(path, { signedInAs: user });
    await person.click(await screen.findByRole('button', { name: 'Withdraw request for apartment A-103' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your request?' });
    await person.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Request withdrawn')).toBeInTheDocument();
    expect(callsTo('DELETE', '/agreement/3')).toHaveLength(1);
  });

  it('says so when the user has asked for nothing yet', async () => {
    renderRoute(path, { signedInAs: user });
    expect(await screen.findByText(/You have not requested an apartment yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the apartments' })).toHaveAttribute('href', '/apartment');
  });

  it('shows a spinner while loading and the error when the read fails', async () => {
    server.use(
      http.get(`${env.queryUrl}/myAgreements/:email`, async () => {
        await delay(100);
        return problem(500, 'database unavailable', 'Internal Server Error');
      }),
    );
    renderRoute(path, { signedInAs: user });
    expect(await screen.findByText('Loading agreement requests…')).toBeInTheDocument();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'Could not load the agreement requests: Something went wrong on the server. Try again in a moment.',
    );
  });
});
