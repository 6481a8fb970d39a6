import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** Confirms the dialog that Accept or Reject opened, then lets the ten-second undo window pass. */
async function confirmAndWait(user: ReturnType<typeof renderRoute>['user'], button: string, holding: string) {
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: button }));
  expect(await screen.findByText(holding)).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(10_000));
}

describe('agreement requests', () => {
  beforeEach(() => {
    // Real time runs on (the network mock needs it); the undo window is stepped over by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    backend.admins.add(admin.email);
    dashboard.requests = [request(1, 'karim@example.com', 'Karim'), request(2, 'nadia@example.com', 'Nadia')];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the requests with their date as dd/mm/yyyy', async () => {
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
      '09/07/2026',
      'AcceptReject',
    ]);
  });

  it('accepts a request after asking and ten seconds to undo: the toast, the body, and the inbox re-read', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(
      await screen.findByRole('button', { name: 'Accept karim@example.com for apartment B-201' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept Karim for apartment B-201?' });
    expect(dialog).toHaveTextContent('You can undo it for 10 seconds.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Accepting in 10 s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(9_000));
    expect(callsTo('PUT', '/acceptAgreement')).toEqual([]);
    act(() => vi.advanceTimersByTime(1_000));
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
    await confirmAndWait(user, 'Reject', 'Rejecting in 10 s');
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
    await confirmAndWait(user, 'Accept', 'Accepting in 10 s');
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
    await confirmAndWait(user, 'গ্রহণ', '১০ সেকেন্ডে গ্রহণ করা হবে');
    expect(await screen.findByText('অ্যাপার্টমেন্ট B-201 আগেই ভাড়া হয়ে গেছে।')).toBeInTheDocument();
    expect(screen.queryByText(/apartment 1 is/i)).toBeNull();
  });

  it('sends nothing when the admin cancels the question, or undoes within ten seconds', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    const accept = await screen.findByRole('button', {
      name: 'Accept karim@example.com for apartment B-201',
    });
    await user.click(accept);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Reject nadia@example.com for apartment B-202' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByText('Rejecting in 5 s')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Undo the decision on nadia@example.com for apartment B-202' }),
    );
    act(() => vi.advanceTimersByTime(20_000));
    expect(
      screen.getByRole('button', { name: 'Reject nadia@example.com for apartment B-202' }),
    ).toBeEnabled();
    expect(callsTo('PUT', '/acceptAgreement')).toEqual([]);
    expect(callsTo('PATCH', '/rejectAgreement/2')).toEqual([]);
  });

  it('tells the admin, before accepting, that the person already rents another flat', async () => {
    dashboard.memberApartments['karim@example.com'] = [
      {
        _id: 'l9',
        si: 9,
        apartment: 'C-301',
        block: 'C',
        floor: 3,
        room: '301',
        rent: 18000,
        accept_date: '2026-01-05',
        user_email: 'karim@example.com',
        user_name: 'Karim',
        timestamp: Date.UTC(2026, 0, 5),
      },
    ];
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(
      await screen.findByRole('button', { name: 'Accept karim@example.com for apartment B-201' }),
    );
    expect(await screen.findByRole('dialog')).toHaveTextContent('Karim already rents apartment C-301.');
  });

  it('sends a confirmed decision at once when the admin leaves the page within the undo window', async () => {
    const { user, unmount } = renderRoute(path, { signedInAs: admin });
    await user.click(
      await screen.findByRole('button', { name: 'Reject nadia@example.com for apartment B-202' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Rejecting in 10 s');
    unmount();
    await waitFor(() => expect(callsTo('PATCH', '/rejectAgreement/2')).toHaveLength(1));
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
