import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo, makeApartments } from '../../../testing/backend.ts';
import { FakeEventSource, stopFakeEventSource } from '../../../testing/fake-event-source.ts';
import { problem } from '../../../testing/handlers.ts';
import { renderRoute, waitForSession } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

const card = (apartment: string) => screen.getByRole('article', { name: `Apartment ${apartment}` });
const member = { email: 'rahim@example.com', displayName: 'Rahim Uddin' };

async function requestAgreementFor(user: ReturnType<typeof renderRoute>['user'], apartment: string) {
  await user.click(
    within(await screen.findByRole('article', { name: `Apartment ${apartment}` })).getByRole('button', {
      name: 'Agreement',
    }),
  );
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
      name: 'Confirm',
    }),
  );
}

describe('apartment listing', () => {
  it('shows exactly one numbered button per page of six, with Previous and Next', async () => {
    backend.apartments = makeApartments(25);
    const { user, currentPath } = renderRoute('/apartment');
    await screen.findByRole('article', { name: 'Apartment A-101' });
    const pages = screen.getByRole('navigation', { name: 'Apartment pages' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Apartment A-107' })).toBeInTheDocument();
    expect(currentPath()).toBe('/apartment?page=2');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeEnabled();

    await user.click(within(pages).getByRole('button', { name: 'Page 5' }));
    expect(await screen.findByRole('article', { name: 'Apartment A-125' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('article', { name: 'Apartment A-119' })).toBeInTheDocument();
    expect(callsTo('GET', '/apartment')).toHaveLength(4);
  });

  it('shows every detail of a card, with the rent in taka', async () => {
    renderRoute('/apartment');
    await screen.findByRole('article', { name: 'Apartment A-101' });
    const first = card('A-101');
    expect(within(first).getByRole('img', { name: 'Apartment A-101, block A, floor 1' })).toHaveAttribute(
      'src',
      `${env.queryUrl}/images/apartments/a-101.svg`,
    );
    expect(first).toHaveTextContent('Serial1');
    expect(first).toHaveTextContent('BlockA');
    expect(first).toHaveTextContent('Floor1');
    expect(first).toHaveTextContent('Room101');
    expect(first).toHaveTextContent('৳ 12,000');
    expect(first).toHaveTextContent('Statusavailable');
  });

  it("holds the cards' places while they load, so nothing below moves when they arrive", async () => {
    const { container } = renderRoute('/apartment');
    expect(screen.getByRole('status')).toHaveTextContent('Loading apartments');
    const placeholders = container.querySelectorAll('.apartment-card.is-placeholder');
    expect(placeholders).toHaveLength(3);
    for (const placeholder of placeholders) {
      expect(placeholder.closest('ul')).toHaveAttribute('aria-hidden', 'true');
      expect(placeholder.querySelector('figure.image.is-4by3')).not.toBeNull();
      expect(placeholder.querySelectorAll('.apartment-facts dt')).toHaveLength(6);
    }
    await screen.findByRole('article', { name: 'Apartment A-101' });
    expect(container.querySelector('.is-placeholder')).toBeNull();
  });

  it("fetches the first card's photo at once and first (the phone's largest paint), the rest lazily", async () => {
    renderRoute('/apartment');
    await screen.findByRole('article', { name: 'Apartment A-101' });
    const photo = (name: string) => within(card(name)).getByRole('img');
    expect(photo('A-101')).toHaveAttribute('loading', 'eager');
    expect(photo('A-101')).toHaveAttribute('fetchpriority', 'high');
    expect(photo('A-102')).toHaveAttribute('loading', 'lazy');
  });

  it('disables Agreement on booked apartments, labelled Booked', async () => {
    backend.apartments = makeApartments(3, (i) => (i === 1 ? { status: 'booked' } : {}));
    renderRoute('/apartment', { signedInAs: member });
    await waitForSession('user');
    const booked = await within(card('A-102')).findByRole('button', { name: 'Booked' });
    expect(booked).toBeDisabled();
    expect(within(card('A-101')).getByRole('button', { name: 'Agreement' })).toBeEnabled();
  });

  it('tells a visitor to log in when they try Agreement, and sends nothing', async () => {
    const { user } = renderRoute('/apartment');
    await waitForSession('visitor');
    const button = within(await screen.findByRole('article', { name: 'Apartment A-101' })).getByRole(
      'button',
      {
        name: 'Agreement',
      },
    );
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(await screen.findByText('Please Login to enable Agreement')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('POST', '/agreement')).toHaveLength(0);
  });

  it('refuses admins, with a reason, and sends nothing', async () => {
    backend.admins.add('admin@example.com');
    const { user } = renderRoute('/apartment', { signedInAs: { email: 'admin@example.com' } });
    await waitForSession('user');
    const button = within(await screen.findByRole('article', { name: 'Apartment A-101' })).getByRole(
      'button',
      {
        name: 'Agreement',
      },
    );
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    await user.click(button);
    expect(await screen.findByText('Admins are not allowed to request an agreement!')).toBeInTheDocument();
    expect(callsTo('POST', '/agreement')).toHaveLength(0);
  });

  it('asks for confirmation, posts the request, confirms it, then reads with the new position', async () => {
    const { user } = renderRoute('/apartment', { signedInAs: member });
    await waitForSession('user');
    await user.click(
      within(await screen.findByRole('article', { name: 'Apartment A-103' })).getByRole('button', {
        name: 'Agreement',
      }),
    );

    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('An agreement request will be sent to the owner');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const done = await screen.findByRole('dialog', { name: 'Request sent!' });
    expect(done).toHaveTextContent('Wait for the confirmation from the owner!');
    const [sent] = callsTo('POST', '/agreement');
    expect(sent?.body).toEqual({ si: 3 });
    expect(sent?.headers.authorization).toBe(`Bearer token:${member.email}`);
    // Read-your-writes: the listing is re-read no earlier than the command's position.
    await waitFor(() => expect(callsTo('GET', '/apartment').at(-1)?.headers['x-min-position']).toBe('100'));
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user } = renderRoute('/apartment', { signedInAs: member });
    await waitForSession('user');
    await user.click(
      within(await screen.findByRole('article', { name: 'Apartment A-101' })).getByRole('button', {
        name: 'Agreement',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/agreement')).toHaveLength(0);
    expect(within(card('A-101')).getByRole('button', { name: 'Agreement' })).toBeEnabled();
  });

  it('says why the request is refused in a dialog, naming the apartment by its name', async () => {
    server.use(
      http.post(`${env.commandUrl}/agreement`, () =>
        problem(409, 'a request for apartment 1 is pending', 'Conflict', 'agreement-request-pending'),
      ),
    );
    const { user } = renderRoute('/apartment', { signedInAs: member });
    await waitForSession('user');
    await requestAgreementFor(user, 'A-101');
    const failed = await screen.findByRole('dialog', { name: 'Request not sent' });
    expect(failed).toHaveTextContent('A request for apartment A-101 is already waiting for the owner.');
    expect(failed).not.toHaveTextContent('apartment 1 ');
    expect(screen.queryByRole('dialog', { name: 'Request sent!' })).toBeNull();
  });

  it('says so in a dialog when the connection drops, instead of waiting for ever', async () => {
    server.use(http.post(`${env.commandUrl}/agreement`, () => HttpResponse.error()));
    const { user } = renderRoute('/apartment', { signedInAs: member });
    await waitForSession('user');
    await requestAgreementFor(user, 'A-101');
    expect(await screen.findByRole('dialog', { name: 'Request not sent' })).toHaveTextContent(
      /Cannot reach the server/,
    );
  });

  it('shows a pending request on its card, and lets the user withdraw it', async () => {
    const { user } = renderRoute('/apartment', { signedInAs: member });
    await waitForSession('user');
    await requestAgreementFor(user, 'A-102');
    await screen.findByRole('dialog', { name: 'Request sent!' });
    await user.click(screen.getByRole('button', { name: 'OK' }));

    const pendingCard = card('A-102');
    expect(await within(pendingCard).findByText('Requested')).toBeInTheDocument();
    expect(within(pendingCard).queryByRole('button', { name: 'Agreement' })).toBeNull();
    await user.click(within(pendingCard).getByRole('button', { name: 'Withdraw request' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw your request?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Request withdrawn')).toBeInTheDocument();
    expect(callsTo('DELETE', '/agreement/2')).toHaveLength(1);
    expect(await within(card('A-102')).findByRole('button', { name: 'Agreement' })).toBeEnabled();
    expect(within(card('A-102')).queryByText('Requested')).toBeNull();
  });

  it('says a declined request was declined, and lets the user ask again', async () => {
    backend.agreements = [{ si: 1, email: member.email, status: 'rejected', timestamp: 0 }];
    renderRoute('/apartment', { signedInAs: member });
    await waitForSession('user');
    expect(await within(card('A-101')).findByText(/Your last request was declined/)).toBeInTheDocument();
    expect(within(card('A-101')).getByRole('button', { name: 'Agreement' })).toBeEnabled();
  });

  it("keeps a visitor's listing live: an apartment booked elsewhere shows booked without a reload", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    onTestFinished(stopFakeEventSource);
    renderRoute('/apartment');
    await waitForSession('visitor');
    await within(await screen.findByRole('article', { name: 'Apartment A-101' })).findByRole('button', {
      name: 'Agreement',
    });
    // A visitor listens without a token: the query-service streams them the public views.
    await waitFor(() => expect(FakeEventSource.opened.at(-1)?.url).toBe(`${env.queryUrl}/events/stream`));
    backend.apartments[0]!.status = 'booked';
    FakeEventSource.opened.at(-1)?.emit({ view: 'apartments', position: 120 });
    expect(await within(card('A-101')).findByRole('button', { name: 'Booked' })).toBeDisabled();
  });

  it('shows an error when the listing cannot be read', async () => {
    server.use(
      http.get(`${env.queryUrl}/apartment`, () => problem(500, 'something went wrong on our side', 'Error')),
    );
    renderRoute('/apartment');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the apartments: Something went wrong on the server. Try again in a moment.',
    );
  });
});
