import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

serveDashboardBackend();

const admin = { email: 'admin@example.com' };
const path = '/dashboard/manageMember';

describe('manage members', () => {
  beforeEach(() => {
    backend.admins.add(admin.email);
    dashboard.members = [
      {
        _id: 'm1',
        name: 'Rahim Member',
        email: 'rahim@example.com',
        apartments: ['A-101'],
        balancePoisha: 1_200_000,
      },
      {
        _id: 'm2',
        name: 'Nadia Member',
        email: 'nadia@example.com',
        apartments: ['B-203'],
        balancePoisha: 0,
      },
    ];
    backend.members = new Set(['rahim@example.com', 'nadia@example.com']);
  });

  it('lists the members', async () => {
    renderRoute(path, { signedInAs: admin });
    await screen.findByRole('cell', { name: 'Rahim Member' });
    expect(
      screen.getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent)),
    ).toEqual([
      ['#', 'User Name', 'Email', 'Apartment', 'Owes today', 'Action'],
      ['1', 'Rahim Member', 'rahim@example.com', 'A-101', '৳ 12,000', 'Remove'],
      ['2', 'Nadia Member', 'nadia@example.com', 'B-203', '৳ 0', 'Remove'],
    ]);
  });

  it('finds members by name, email or apartment, and exports those found as CSV', async () => {
    // jsdom has no object URLs and no downloads: stand in for them, and put back whatever was there.
    const saved: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => (saved.push(blob), 'blob:members');
    URL.revokeObjectURL = () => undefined;
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderRoute(path, { signedInAs: admin });
    await screen.findByRole('cell', { name: 'Rahim Member' });
    const search = screen.getByRole('searchbox', { name: 'Name, email or apartment' });
    await user.type(search, 'b-2');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Rahim Member' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'Nadia Member' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    expect(text).toBe('name,email,apartments,balance_taka\r\nNadia Member,nadia@example.com,B-203,0.00\r\n');
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No member matches the search.')).toBeInTheDocument();
  });

  it('removes a member after confirmation, then re-reads the list', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: 'Remove rahim@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent("You won't be able to revert this!");
    await user.click(within(confirm).getByRole('button', { name: 'Remove User' }));
    const done = await screen.findByRole('dialog', { name: 'Removed!' });
    expect(done).toHaveTextContent('The member is now a user.');
    expect(callsTo('PATCH', '/memberRemove/rahim%40example.com')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Rahim Member' })).toBeNull());
    expect(callsTo('GET', '/members').at(-1)?.headers['x-min-position']).toBe('100');
  });

  it('sends nothing when the admin cancels', async () => {
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: 'Remove nadia@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PATCH', '/memberRemove/nadia%40example.com')).toHaveLength(0);
  });

  it('shows a refusal as a toast', async () => {
    server.use(
      http.patch(`${env.commandUrl}/memberRemove/:email`, () => problem(409, 'an admin cannot be demoted')),
    );
    const { user } = renderRoute(path, { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: 'Remove rahim@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove User' }));
    expect(await screen.findByText('An admin cannot be demoted')).toBeInTheDocument();
  });

  it('says when there are no members', async () => {
    dashboard.members = [];
    renderRoute(path, { signedInAs: admin });
    expect(await screen.findByText('There are no members yet.')).toBeInTheDocument();
  });

  it('shows a spinner, then the error', async () => {
    server.use(
      http.get(`${env.queryUrl}/members`, async () => {
        await delay(100);
        return problem(500, 'boom', 'Internal Server Error');
      }),
    );
    renderRoute(path, { signedInAs: admin });
    expect(await screen.findByText('Loading members…')).toBeInTheDocument();
    expect(await screen.findByText(/Could not load the members/)).toBeInTheDocument();
  });
});
