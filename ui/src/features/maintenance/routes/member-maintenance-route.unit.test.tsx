import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { FakeEventSource, stopFakeEventSource } from '../../../testing/fake-event-source.ts';
import { aRequest, maintenance } from '../../../testing/maintenance-backend.ts';
import { renderRoute } from '../../../testing/render-route.tsx';

serveDashboardBackend();

const member = { email: 'member@example.com', displayName: 'Mina' };
const path = '/dashboard/maintenance';
/** The start of a PNG: kept as it is, as the server takes it. */
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], name, {
    type: 'image/png',
  });

describe('the member maintenance page', () => {
  it('files a request with a photo: uploads it, sends its link, and lists the request', async () => {
    backend.members.add(member.email);
    const { user } = renderRoute(path, { signedInAs: member });
    expect(await screen.findByText('You have not reported any problem yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'Electrical');
    await user.type(screen.getByLabelText('What is wrong?'), 'The hall light flickers.');
    await user.upload(screen.getByLabelText('Photos (up to 3)'), png('light.png'));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Your request was sent.')).toBeInTheDocument();
    expect(callsTo('POST', '/images')).toHaveLength(1);
    expect(callsTo('POST', '/maintenance')[0]?.body).toEqual({
      category: 'electrical',
      description: 'The hall light flickers.',
      photos: [`${env.commandUrl}/images/uploads/photo-1.png`],
    });
    const card = (await screen.findByRole('article', { name: 'Electrical' })) as HTMLElement;
    expect(within(card).getByText('The hall light flickers.')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Photo 1 of the problem' })).toBeInTheDocument();
    expect(screen.getByLabelText('What is wrong?')).toHaveValue('');
  });

  it('keeps at most three photos and says so', async () => {
    backend.members.add(member.email);
    const { user } = renderRoute(path, { signedInAs: member });
    const input = await screen.findByLabelText('Photos (up to 3)');
    await user.upload(
      input,
      ['a', 'b', 'c', 'd'].map((n) => png(`${n}.png`)),
    );
    expect(screen.getByText('Choose at most 3 photos.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('What is wrong?'), 'Leak');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    // (A toast from an earlier test may still show: wait for the call itself.)
    await waitFor(() => expect(callsTo('POST', '/maintenance')).toHaveLength(1));
    expect((callsTo('POST', '/maintenance')[0]?.body as { photos: string[] }).photos).toHaveLength(3);
    expect(callsTo('POST', '/images')).toHaveLength(3);
  });

  it('says the refusal in words when the member has no lease', async () => {
    backend.members.add(member.email);
    const { user } = renderRoute(path, { signedInAs: member });
    await user.type(await screen.findByLabelText('What is wrong?'), 'Leak');
    backend.members.delete(member.email);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('You do not lease this apartment.')).toBeInTheDocument();
  });

  it('shows each status, the visit date, the comments, and follows a change live', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    onTestFinished(stopFakeEventSource);
    backend.members.add(member.email);
    maintenance.requests = [
      aRequest({
        _id: 'm1',
        status: 'scheduled',
        scheduledFor: '2026-01-09',
        history: [
          {
            status: 'scheduled',
            scheduledFor: '2026-01-09',
            reason: null,
            changedBy: 'admin@example.com',
            changedAt: '2026-01-05T06:00:00.000Z',
          },
        ],
        comments: [
          {
            author: 'admin@example.com',
            authorRole: 'admin',
            text: 'The plumber comes on Friday.',
            commentedAt: '2026-01-05T06:01:00.000Z',
          },
        ],
      }),
    ];
    const { user } = renderRoute(path, { signedInAs: member });
    const card = (await screen.findByRole('article', { name: 'Plumbing' })) as HTMLElement;
    expect(within(card).getAllByText('Visit on 9 January 2026')).not.toHaveLength(0);
    expect(within(card).getByText('The plumber comes on Friday.')).toBeInTheDocument();

    // The admin marks it done elsewhere: the live stream says the view changed, the page re-reads it.
    const request = maintenance.requests[0]!;
    request.status = 'done';
    request.history.push({
      status: 'done',
      scheduledFor: null,
      reason: null,
      changedBy: 'admin@example.com',
      changedAt: '2026-01-09T08:00:00.000Z',
    });
    await waitFor(() => expect(FakeEventSource.opened.length).toBeGreaterThan(0));
    FakeEventSource.opened.at(-1)?.emit({ view: 'maintenance', position: 130 });
    await waitFor(() => expect(within(card).getAllByText('Done')).toHaveLength(2));

    await user.type(within(card).getByLabelText('Add a comment'), 'Thank you!');
    await user.click(within(card).getByRole('button', { name: 'Comment' }));
    expect(await within(card).findByText('Thank you!')).toBeInTheDocument();
    expect(callsTo('POST', '/maintenance/m1/comments')[0]?.body).toEqual({ text: 'Thank you!' });
  });

  it('is for members: a plain user is told so', async () => {
    renderRoute(path, { signedInAs: { email: 'user@example.com' } });
    expect(await screen.findByText(/That page is for members/)).toBeInTheDocument();
  });
});
