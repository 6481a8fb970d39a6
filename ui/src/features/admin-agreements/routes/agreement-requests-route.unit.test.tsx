import { act, screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n/i18n.ts';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

serveDashboardBackend();

const admin = { email: 'admin@example.com' };
const path = '/dashboard/agreementRequest';

const request = (si: number, email: string, name: string) => ({
  _id: `r-${si}-${email}`,
  si,
  user_name: name,
  user_email: email,
  floor: 2,
  block: 'B',
  apartment: `B-20${si}`,
  rent: 15000,
  room: `20${si}`,
  status: 'pending' as const,
  timestamp: Date.UTC(2026, 6, 9, 12),
});

describe('agreement requests', () => {
  beforeEach(() => {
    backend.admins.add(admin.email);
    dashboard.requests = [request(1, 'karim@example.com', 'Karim'), request(2, 'nadia@example.com', 'Nadia')];
  });

  it('lists the requests with their date as dd/mm/yy', async () => {
    renderRoute(path, { signedInAs: admin });
    await screen.findByRole('cell', { name: 'Karim' });
    const rows = screen
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows[0]).toEqual([
      '#',
      'User Name',
      'User Email',
      'Floor',
      'Block',
      'Apartment',
      'Rent',
      'Request Date',
      'Decision',
    ]);
    expect(rows[1]).toEqual([
      '1',
      'Karim',
      'karim@example.com',
      '2',
      'B',
      'B-201',
      '৳ 15,000',
      '09/07/26',
      'AcceptReject',
    ]);
  });

  it('accepts a request: the toast, the body, and the inbox re-read', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(
      await screen.findByRole('button', { name: 'Accept karim@example.com for apartment B-201' }),
    );
    expect(await screen.findByText('Request accepted!')).toBeInTheDocument();
    expect(callsTo('PUT', '/acceptAgreement')[0]?.body).toEqual({ si: 1, email: 'karim@example.com' });
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Karim' })).toBeNull());
    expect(callsTo('GET', '/agreement').at(-1)?.headers['x-min-position']).toBe('100');
  });

  it('rejects a request with the email in the body', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(
      await screen.findByRole('button', { name: 'Reject nadia@example.com for apartment B-202' }),
    );
    expect(await screen.findByText('Request rejected!')).toBeInTheDocument();
    expect(callsTo('PATCH', '/rejectAgreement/2')[0]?.body).toEqual({ email: 'nadia@example.com' });
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Nadia' })).toBeNull());
  });

  it('shows a lost race as a toast, naming the apartment by its name', async () => {
    server.use(
      http.put(`${env.commandUrl}/acceptAgreement`, () =>
        problem(409, 'apartment 1 is already booked', 'Conflict', 'apartment-already-booked'),
      ),
    );
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(
      await screen.findByRole('button', { name: 'Accept karim@example.com for apartment B-201' }),
    );
    expect(await screen.findByText('Apartment B-201 is already booked.')).toBeInTheDocument();
  });

  it('says the refusal in Bangla to a Bangla reader, never in the server’s English', async () => {
    server.use(
      http.put(`${env.commandUrl}/acceptAgreement`, () =>
        problem(409, 'apartment 1 is already booked', 'Conflict', 'apartment-already-booked'),
      ),
    );
    const { user } = renderRoute(path, { signedInAs: admin });
    const accept = await screen.findByRole('button', {
      name: 'Accept karim@example.com for apartment B-201',
    });
    await act(() => i18next.changeLanguage('bn'));
    await user.click(accept);
    expect(await screen.findByText('অ্যাপার্টমেন্ট B-201 আগেই ভাড়া হয়ে গেছে।')).toBeInTheDocument();
    expect(screen.queryByText(/apartment 1 is/i)).toBeNull();
  });

  it('says when nothing is waiting', async () => {
    dashboard.requests = [];
    renderRoute(path, { signedInAs: admin });
    expect(await screen.findByText('No agreement requests are waiting.')).toBeInTheDocument();
  });

  it('shows a spinner, then the error', async () => {
    server.use(
      http.get(`${env.queryUrl}/agreement`, async () => {
        await delay(100);
        return problem(500, 'boom', 'Internal Server Error');
      }),
    );
    renderRoute(path, { signedInAs: admin });
    expect(await screen.findByText('Loading agreement requests…')).toBeInTheDocument();
    expect(await screen.findByText(/Could not load the agreement requests/)).toBeInTheDocument();
  });
});
