import { screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
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

describe('many announcements', () => {
  it('shows them ten to a page, numbered on, with previous and next', async () => {
    dashboard.announcements = Array.from({ length: 23 }, (_, i) => ({
      _id: `a${i + 1}`,
      title: `Notice ${i + 1}`,
      description: `Text ${i + 1}`,
      postedAt: new Date(Date.UTC(2026, 0, 30 - i)).toISOString(),
    }));
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
