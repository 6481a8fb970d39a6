import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { backend, callsTo } from '../../../testing/backend.ts';
import { serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { aRequest, maintenance } from '../../../testing/maintenance-backend.ts';
import { renderRoute } from '../../../testing/render-route.tsx';

serveDashboardBackend();

const admin = { email: 'admin@example.com', displayName: 'Ayesha Admin' };
const path = '/dashboard/maintenanceQueue';
const queueCalls = () => callsTo('GET', '/maintenance').map((call) => call.path);

describe("the admins' maintenance queue", () => {
  beforeEach(() => {
    backend.admins.add(admin.email);
    maintenance.requests = [
      aRequest({
        _id: 'm3',
        category: 'common-area',
        block: 'C',
        description: 'The lift stops between floors.',
      }),
      aRequest({ _id: 'm2', category: 'electrical', status: 'declined', reason: 'Not ours.' }),
      aRequest({ _id: 'm1', description: 'The kitchen tap drips.' }),
    ];
  });

  it('shows the requests not yet closed, with who filed them, and filters by category and block', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    expect(await screen.findByRole('heading', { name: '2 requests' })).toBeInTheDocument();
    const lift = screen.getByRole('article', { name: 'Common area' });
    expect(lift).toHaveTextContent('Mina, apartment 3A01 (block C)');
    expect(screen.queryByRole('article', { name: 'Electrical' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Category'), 'Plumbing');
    expect(await screen.findByRole('heading', { name: '1 request' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    await user.selectOptions(screen.getByLabelText('Category'), 'All categories');
    await user.type(screen.getByLabelText('Block'), 'a');
    expect(await screen.findByRole('article', { name: 'Electrical' })).toHaveTextContent(
      'Declined: Not ours.',
    );
    await waitFor(() => expect(queueCalls().length).toBeGreaterThan(3));
    const last = callsTo('GET', '/maintenance').at(-1)!;
    expect(last.path).toBe('/maintenance');
  });

  it('schedules a request with a date, then marks it done; a closed one offers no change', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    const tap = (await screen.findByText('The kitchen tap drips.')).closest('article') as HTMLElement;
    await user.selectOptions(within(tap).getByLabelText('New status'), 'Scheduled');
    const date = within(tap).getByLabelText('Visit date');
    await user.type(date, '2099-01-15');
    await user.click(within(tap).getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('The status was updated.')).toBeInTheDocument();
    expect(callsTo('PATCH', '/maintenance/m1/status')[0]?.body).toEqual({
      status: 'scheduled',
      scheduledFor: '2099-01-15',
    });
    await waitFor(() => expect(within(tap).getAllByText('Visit on 15 January 2099')).not.toHaveLength(0));

    // From scheduled, the next choices no longer include acknowledged.
    const options = within(within(tap).getByLabelText('New status')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Scheduled', 'In progress', 'Done', 'Declined']);
    await user.selectOptions(within(tap).getByLabelText('New status'), 'Done');
    await user.click(within(tap).getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(callsTo('PATCH', '/maintenance/m1/status')).toHaveLength(2));
    expect(callsTo('PATCH', '/maintenance/m1/status')[1]?.body).toEqual({ status: 'done' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Done');
    const done = (await screen.findByText('The kitchen tap drips.')).closest('article') as HTMLElement;
    expect(within(done).getByText('This request is closed.')).toBeInTheDocument();
  });

  it('declines with a reason, and shows a refusal in words', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    const lift = (await screen.findByText('The lift stops between floors.')).closest(
      'article',
    ) as HTMLElement;
    await user.selectOptions(within(lift).getByLabelText('New status'), 'Declined');
    await user.type(within(lift).getByLabelText('Reason for declining'), 'The lift company handles it.');
    // Meanwhile someone else closed it.
    maintenance.requests[0]!.status = 'done';
    await user.click(within(lift).getByRole('button', { name: 'Update status' }));
    expect(
      await screen.findByText('This maintenance request is closed: its status cannot change.'),
    ).toBeInTheDocument();
    expect(callsTo('PATCH', '/maintenance/m3/status')[0]?.body).toEqual({
      status: 'declined',
      reason: 'The lift company handles it.',
    });
  });

  it('is for admins only', async () => {
    backend.members.add('member@example.com');
    renderRoute(path, { signedInAs: { email: 'member@example.com' } });
    expect(await screen.findByText('That page is for admins only.')).toBeInTheDocument();
  });
});
