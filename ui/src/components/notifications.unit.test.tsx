import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../lib/notifications.ts';
import { backend, callsTo } from '../testing/backend.ts';
import { serveDashboardBackend } from '../testing/dashboard-backend.ts';
import { renderRoute } from '../testing/render-route.tsx';

serveDashboardBackend();

const user = { email: 'karim@example.com', displayName: 'Karim User', photoURL: '' };
const at = (day: number) => new Date(Date.UTC(2026, 2, day, 6)).toISOString();
const notifications: Notification[] = [
  {
    id: 'n3',
    createdAt: at(3),
    unread: true,
    facts: {
      kind: 'rent-paid',
      apartment: 'A-103',
      month: 'March',
      year: 2026,
      amountPoisha: 1_170_000,
      transactionId: 'pi_1',
    },
  },
  {
    id: 'n2',
    createdAt: at(2),
    unread: true,
    facts: { kind: 'agreement-accepted', apartment: 'A-103', si: 3 },
  },
  {
    id: 'n1',
    createdAt: at(1),
    unread: false,
    facts: { kind: 'agreement-rejected', si: 5, reason: 'apartment-booked' },
  },
];
/** An announcement told to the residents, newest of all. */
const announced: Notification = {
  id: 'n4',
  createdAt: at(4),
  unread: true,
  facts: { kind: 'announcement', announcementId: 'a1', title: 'Lift serviced on Sunday' },
};

describe('the notification bell', () => {
  it('shows the unread count, the texts built from the facts, and marks all read', async () => {
    backend.notifications.set(user.email, notifications);
    backend.readUpTo.set(user.email, at(1));
    renderRoute('/dashboard/userProfile', { signedInAs: user });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('unread-count')).toHaveTextContent('2');

    await userEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Unread: We received your rent for March 2026: ৳ 11,700. The receipt is in your email.',
      'Unread: Your agreement for apartment A-103 was accepted. Welcome home!',
      'The apartment you asked for was booked by someone else.',
    ]);

    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(callsTo('POST', '/notifications/read')).toHaveLength(1));
    expect(callsTo('POST', '/notifications/read')[0]!.body).toEqual({ upTo: at(3) });
    expect(await screen.findByRole('button', { name: 'Notifications' })).not.toHaveTextContent('2');
  });

  it('tells a resident of a new announcement, counted as unread', async () => {
    backend.notifications.set(user.email, [announced, ...notifications]);
    backend.readUpTo.set(user.email, at(3));
    renderRoute('/dashboard/userProfile', { signedInAs: user });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getAllByRole('listitem')[0]?.querySelector('p')?.textContent).toBe(
      'Unread: New announcement: Lift serviced on Sunday',
    );
  });

  it('says so when there is nothing yet', async () => {
    renderRoute('/dashboard/userProfile', { signedInAs: user });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });
});

const preferencesPath = `/users/${encodeURIComponent(user.email)}/email-preferences`;

describe('email preferences on the profile', () => {
  it('shows a switch per kind of email and saves the kinds turned off', async () => {
    backend.emailOff.set(user.email, ['rent-reminder']);
    renderRoute('/dashboard/userProfile', { signedInAs: user });
    const section = await screen.findByRole('region', { name: 'Emails' });
    const reminders = within(section).getByRole('switch', { name: 'Rent reminders' });
    await waitFor(() => expect(reminders).not.toBeChecked());
    const receipts = within(section).getByRole('switch', { name: 'Payment receipts' });
    expect(receipts).toBeChecked();

    await userEvent.click(receipts);
    await waitFor(() => expect(callsTo('PUT', preferencesPath)).toHaveLength(1));
    expect(callsTo('PUT', preferencesPath)[0]!.body).toEqual({
      off: ['rent-reminder', 'payment-receipt'],
    });
    await waitFor(() => expect(receipts).not.toBeChecked());
    expect(await screen.findByText('Email preferences saved')).toBeInTheDocument();
  });
});
