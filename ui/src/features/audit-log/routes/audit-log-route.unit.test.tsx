import { act, screen, waitFor, within } from '@testing-library/react';
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
const path = '/dashboard/auditLog';

const event = (position: number, type: string, stream: string, data: object) => ({
  position,
  stream,
  version: position,
  type,
  occurredAt: `2026-03-0${position}T10:00:00.000Z`,
  actor: { email: 'admin@example.com', role: 'admin' },
  data,
});

describe('audit log', () => {
  beforeEach(() => {
    backend.admins.add(admin.email);
    dashboard.audit = {
      events: [
        event(1, 'AgreementRequested', 'agreement-3', { si: 3, userEmail: 'karim@example.com' }),
        event(2, 'AgreementAccepted', 'agreement-3', { si: 3, userEmail: 'karim@example.com' }),
        event(3, 'AgreementRequested', 'agreement-5', { si: 5, userEmail: 'nadia@example.com' }),
      ],
      verification: { ok: true, streams: 2, events: 3 },
    };
  });

  it('shows the verified chains prominently and every event', async () => {
    renderRoute(path, { signedInAs: admin });
    expect(await screen.findByRole('status', { name: 'Hash chain verification' })).toHaveTextContent(
      'Hash chains verified3 events in 2 streams',
    );
    // The heading row, then each event's row and its data's row under it.
    expect(screen.getAllByRole('row')).toHaveLength(7);
    // 10:00 UTC is 16:00 in Dhaka.
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('01/03/2026 16:00:00');
    expect(callsTo('GET', '/admin/audit')[0]?.path).toBe('/admin/audit');
  });

  it('filters by type and by text, and asks the server for another category and window', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await screen.findByRole('status', { name: 'Hash chain verification' });
    await user.selectOptions(screen.getByLabelText('Event type'), 'AgreementRequested');
    expect(screen.getAllByRole('row')).toHaveLength(5);
    await user.type(screen.getByLabelText('Search'), 'nadia');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    await user.type(screen.getByLabelText('Search'), 'zzz');
    expect(screen.getByText('No events match.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Category'), 'payments');
    await waitFor(() => expect(callsTo('GET', '/admin/audit')).toHaveLength(2));
    const calls = backend.calls.filter((call) => call.path === '/admin/audit');
    expect(calls).toHaveLength(2);
  });

  it("shows each event's data as readable fields, with the raw JSON behind a toggle", async () => {
    dashboard.audit = {
      events: [
        event(4, 'RentPaid', 'payment-3-2026-march', {
          userEmail: 'karim@example.com',
          amountPoisha: 1170000,
          paidAt: '2026-03-04T18:30:00.000Z',
          endedLeases: [3, 5],
        }),
      ],
      verification: { ok: true, streams: 1, events: 1 },
    };
    const { user } = renderRoute(path, { signedInAs: admin });
    // The data has a row of its own under the event's, across the table: nothing is cut off.
    const row = (await screen.findByRole('cell', { name: 'RentPaid' })).closest('tr')!
      .nextElementSibling as HTMLElement;
    expect(row.querySelector('td')).toHaveAttribute('colspan', '6');
    const fields = row.querySelector('dl.event-fields')!;
    expect(Array.from(fields.querySelectorAll('dt, dd'), (n) => n.textContent)).toEqual([
      'User email',
      'karim@example.com',
      'Amount',
      '৳ 11,700',
      'Paid at',
      '05/03/2026 00:30:00',
      'Ended leases',
      '3, 5',
    ]);
    const raw = within(row).getByText('Raw JSON');
    expect(within(row).getByText(/"amountPoisha": 1170000/)).not.toBeVisible();
    await user.click(raw);
    expect(within(row).getByText(/"amountPoisha": 1170000/)).toBeVisible();
  });

  it('reads in Bangla: categories, event types and numbers', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await screen.findByRole('status', { name: 'Hash chain verification' });
    await act(() => i18next.changeLanguage('bn'));
    try {
      const category = screen.getByLabelText('বিভাগ');
      expect(
        within(category)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['চুক্তি', 'পরিশোধ', 'রক্ষণাবেক্ষণ']);
      const first = screen.getAllByRole('row')[1]!;
      expect(
        within(first)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual([
        '১',
        '০১/০৩/২০২৬ ১৬:০০:০০',
        'agreement-3',
        '১',
        'চুক্তির অনুরোধ',
        'admin@example.com (অ্যাডমিন)',
      ]);
      await user.type(screen.getByLabelText('খুঁজুন'), 'গৃহীত');
      expect(screen.getAllByRole('row')).toHaveLength(3);
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });

  it('says loudly where the chain breaks', async () => {
    dashboard.audit = {
      events: [],
      verification: {
        ok: false,
        streams: 2,
        events: 3,
        broken: { stream: 'agreement-3', version: 2, reason: 'hash mismatch' },
      },
    };
    renderRoute(path, { signedInAs: admin });
    expect(await screen.findByRole('alert', { name: 'Hash chain verification' })).toHaveTextContent(
      'Hash chain brokenStream agreement-3, version 2: hash mismatch.',
    );
  });

  it('shows a spinner, then the error', async () => {
    server.use(
      http.get(`${env.queryUrl}/admin/audit`, async () => {
        await delay(100);
        return problem(500, 'boom', 'Internal Server Error');
      }),
    );
    renderRoute(path, { signedInAs: admin });
    expect(await screen.findByText('Loading audit log…')).toBeInTheDocument();
    expect(await screen.findByText(/Could not load the audit log/)).toBeInTheDocument();
  });
});
