import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { announcement, dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

serveDashboardBackend();

const user = { email: 'user@example.com' };
const admin = { email: 'admin@example.com' };

describe('announcements', () => {
  it('lists them dated, in Dhaka time, with their text still (no marquee)', async () => {
    renderRoute('/dashboard/announcements', { signedInAs: user });
    const first = (await screen.findByRole('heading', { name: '1. Water supply' })).closest('li');
    expect(screen.getByRole('heading', { name: '2. Rooftop party' })).toBeInTheDocument();
    // 20:30 UTC on 4 January is 02:30 on 5 January in Dhaka.
    expect(first).toHaveTextContent('Posted 5 January 2026');
    expect(first?.querySelector('time')).toHaveAttribute('datetime', '2026-01-04T20:30:00.000Z');
    expect(screen.getByText('The water will be off on Friday from 10 to 12.')).not.toHaveClass(
      'marquee-text',
    );
  });

  it('says when there are none', async () => {
    dashboard.announcements = [];
    renderRoute('/dashboard/announcements', { signedInAs: user });
    expect(await screen.findByText('There are no announcements yet.')).toBeInTheDocument();
  });

  it('shows a spinner, then the error', async () => {
    server.use(
      http.get(`${env.queryUrl}/anouncement`, async () => {
        await delay(100);
        return problem(503, 'the views are rebuilding', 'Service Unavailable');
      }),
    );
    renderRoute('/dashboard/announcements', { signedInAs: user });
    expect(await screen.findByText('Loading announcements…')).toBeInTheDocument();
    expect(
      await screen.findByText(/Could not load the announcements/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });
});

describe('pinned, expiring and edited announcements', () => {
  it('marks a pinned one, says until when one is shown, and when it was edited', async () => {
    dashboard.announcements = [
      announcement({
        _id: 'p1',
        title: 'Gas line check',
        description: 'On Monday.',
        postedAt: '2026-01-03T09:00:00.000Z',
        pinned: true,
        expiresOn: '2099-12-31',
        editedAt: '2026-01-06T09:00:00.000Z',
      }),
      ...dashboard.announcements,
    ];
    renderRoute('/dashboard/announcements', { signedInAs: user });
    const pinned = (await screen.findByRole('heading', { name: '1. Gas line check' })).closest('li');
    expect(pinned).toHaveTextContent('Pinned');
    expect(pinned).toHaveTextContent('Until 31 December 2099');
    expect(pinned).toHaveTextContent('Posted 3 January 2026 · Edited 6 January 2026');
    const plain = screen.getByRole('heading', { name: '2. Water supply' }).closest('li');
    expect(plain).not.toHaveTextContent('Pinned');
    expect(plain).not.toHaveTextContent('Edited');
  });

  it('in Bangla, in Bangla words and digits', async () => {
    dashboard.announcements = [
      announcement({
        _id: 'p1',
        title: 'Gas',
        description: 'On Monday.',
        postedAt: '2026-01-03T09:00:00.000Z',
        pinned: true,
        expiresOn: '2099-12-31',
      }),
    ];
    await i18next.changeLanguage('bn');
    renderRoute('/dashboard/announcements', { signedInAs: user });
    const pinned = (await screen.findByRole('heading', { name: '১. Gas' })).closest('li');
    expect(pinned).toHaveTextContent('পিন করা');
    expect(pinned).toHaveTextContent('৩১ ডিসেম্বর, ২০৯৯ পর্যন্ত');
  });
});

describe('many announcements', () => {
  it('shows them ten to a page, numbered on, with previous and next', async () => {
    dashboard.announcements = Array.from({ length: 23 }, (_, i) =>
      announcement({
        _id: `a${i + 1}`,
        title: `Notice ${i + 1}`,
        description: `Text ${i + 1}`,
        postedAt: new Date(Date.UTC(2026, 0, 30 - i)).toISOString(),
      }),
    );
    const { user: clicker } = renderRoute('/dashboard/announcements', { signedInAs: user });
    expect(await screen.findByRole('heading', { name: '1. Notice 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await clicker.click(screen.getByRole('button', { name: 'Next' }));
    await clicker.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: '21. Notice 21' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

describe('make announcement', () => {
  it('posts one pinned, with its last day', async () => {
    backend.admins.add(admin.email);
    const { user: typist } = renderRoute('/dashboard/makeAnnouncement', { signedInAs: admin });
    await typist.type(await screen.findByLabelText(/Title/), 'Gas');
    await typist.type(screen.getByLabelText('Description'), 'Line check.');
    await typist.click(screen.getByLabelText('Pin it above the others'));
    await typist.type(screen.getByLabelText('Last day shown (optional)'), '2099-12-31');
    await typist.click(screen.getByRole('button', { name: 'Add Announcement' }));
    expect(await screen.findByText('Announcement added successfully!')).toBeInTheDocument();
    expect(callsTo('POST', '/anouncement')[0]?.body).toEqual({
      title: 'Gas',
      description: 'Line check.',
      pinned: true,
      expiresOn: '2099-12-31',
    });
    expect(screen.getByLabelText('Pin it above the others')).not.toBeChecked();
  });

  it('lists what was posted, expired ones marked; edits one in the form and pins another', async () => {
    backend.admins.add(admin.email);
    dashboard.announcements[1] = { ...dashboard.announcements[1]!, expiresOn: '2026-01-10' };
    const { user: typist } = renderRoute('/dashboard/makeAnnouncement', { signedInAs: admin });
    const posted = await screen.findByRole('region', { name: 'Posted announcements' });
    const party = (await within(posted).findByRole('heading', { name: 'Rooftop party' })).closest('li');
    expect(party).toHaveTextContent('Expired');

    await typist.click(within(posted).getByRole('button', { name: 'Edit Water supply' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit the announcement' })).toBeInTheDocument();
    const text = screen.getByLabelText('Description');
    expect(text).toHaveValue('The water will be off on Friday from 10 to 12.');
    await typist.clear(text);
    await typist.type(text, 'The water will be off on Saturday.');
    await typist.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The announcement is saved.')).toBeInTheDocument();
    expect(callsTo('PUT', '/anouncement/n1')[0]?.body).toEqual({
      title: 'Water supply',
      description: 'The water will be off on Saturday.',
      pinned: false,
      expiresOn: null,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Make an Announcement' })).toBeInTheDocument();

    await typist.click(within(posted).getByRole('button', { name: 'Pin Rooftop party' }));
    expect(await screen.findByText('Pinned above the others.')).toBeInTheDocument();
    expect(callsTo('PUT', '/anouncement/n2')[0]?.body).toMatchObject({
      pinned: true,
      expiresOn: '2026-01-10',
    });
    expect(await within(posted).findByRole('button', { name: 'Unpin Rooftop party' })).toBeInTheDocument();
  });

  it('says why an edit was refused', async () => {
    backend.admins.add(admin.email);
    server.use(
      http.put(`${env.commandUrl}/anouncement/:id`, () =>
        problem(400, 'before today', 'Bad Request', 'announcement-expiry-past'),
      ),
    );
    const { user: typist } = renderRoute('/dashboard/makeAnnouncement', { signedInAs: admin });
    const posted = await screen.findByRole('region', { name: 'Posted announcements' });
    await typist.click(await within(posted).findByRole('button', { name: 'Pin Water supply' }));
    expect(await screen.findByText('The last day cannot be before today.')).toBeInTheDocument();
  });

  it('posts the announcement, says so, clears the form and re-reads with the new position', async () => {
    backend.admins.add(admin.email);
    const { user: typist } = renderRoute('/dashboard/makeAnnouncement', { signedInAs: admin });
    await typist.type(await screen.findByLabelText(/Title/), 'Lift maintenance');
    await typist.type(screen.getByLabelText('Description'), 'The lift is serviced on Monday.');
    await typist.click(screen.getByRole('button', { name: 'Add Announcement' }));
    expect(await screen.findByText('Announcement added successfully!')).toBeInTheDocument();
    expect(callsTo('POST', '/anouncement')[0]?.body).toEqual({
      title: 'Lift maintenance',
      description: 'The lift is serviced on Monday.',
      pinned: false,
      expiresOn: null,
    });
    expect(screen.getByLabelText(/Title/)).toHaveValue('');

    await waitFor(() => expect(callsTo('GET', '/anouncement').at(-1)?.headers['x-min-position']).toBe('100'));
  });

  it('shows a refusal as a toast', async () => {
    backend.admins.add(admin.email);
    server.use(
      http.post(`${env.commandUrl}/anouncement`, () => problem(400, 'title is too long', 'Bad Request')),
    );
    const { user: typist } = renderRoute('/dashboard/makeAnnouncement', { signedInAs: admin });
    await typist.type(await screen.findByLabelText(/Title/), 'x');
    await typist.type(screen.getByLabelText('Description'), 'y');
    await typist.click(screen.getByRole('button', { name: 'Add Announcement' }));
    expect(await screen.findByText('Title is too long')).toBeInTheDocument();
  });
});
