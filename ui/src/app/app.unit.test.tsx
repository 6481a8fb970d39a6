import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { env } from '../lib/env.ts';
import { callsTo } from '../testing/backend.ts';
import { addAccount, identityCalls } from '../testing/fake-identity.ts';
import { problem } from '../testing/handlers.ts';
import { renderRoute, waitForSession } from '../testing/render-route.tsx';
import { server } from '../testing/server.ts';

const nadia = { email: 'nadia@example.com', displayName: 'Nadia Islam' };

describe('layout', () => {
  it('underlines the active link and offers Login to visitors, remembering the page', async () => {
    const { user, currentPath } = renderRoute('/apartment?page=2');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Apartment' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await user.click(await within(nav).findByRole('link', { name: 'Login' }));
    expect(currentPath()).toBe('/login?from=%2Fapartment%3Fpage%3D2');
  });

  it('toggles the menu on small screens with the burger button', async () => {
    const { user } = renderRoute('/');
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('main-menu')).toHaveClass('is-active');
    // Going to another page closes it.
    await user.click(screen.getByRole('link', { name: 'Apartment' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the footer with the address and three social icons', () => {
    renderRoute('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/Gulshan 2/)).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Connect with Us' })).toBeInTheDocument();
    for (const name of ['Facebook', 'X (Twitter)', 'Instagram']) {
      expect(within(footer).getByRole('img', { name })).toBeInTheDocument();
    }
    expect(within(footer).queryAllByRole('link')).toHaveLength(0);
  });

  it("opens the user's menu from the keyboard, closes it with Escape, and logs out", async () => {
    const { user } = renderRoute('/', { signedInAs: nadia });
    await waitForSession('user');
    expect(localStorage.getItem('access-token')).toBe(`token:${nadia.email}`);
    const trigger = screen.getByRole('button', { name: 'Account menu for Nadia Islam' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Nadia Islam', { selector: 'p' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(identityCalls.signOuts).toBe(1);
    // The server revokes the token, so a copy of it stops working too.
    expect(callsTo('POST', '/logout').map((call) => call.headers.authorization)).toEqual([
      `Bearer token:${nadia.email}`,
    ]);
  });

  it('shows a not-found page for unknown addresses', async () => {
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });
});

describe('session', () => {
  it('sends visitors from the dashboard to login, then back after signing in', async () => {
    addAccount({ ...nadia, password: 'secret-123' });
    const { user, currentPath } = renderRoute('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Login' });
    expect(currentPath()).toBe('/login?from=%2Fdashboard%2Fprofile');

    await user.type(screen.getByLabelText(/^Email/), nadia.email);
    await user.type(screen.getByLabelText(/^Password/), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard/profile'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull());
  });

  it('renews an expired API token silently and repeats the call, keeping the tab signed in', async () => {
    server.use(
      http.get(`${env.queryUrl}/user/admin/:email`, () => problem(401, 'token expired', 'Unauthorized'), {
        once: true,
      }),
    );
    const { currentPath } = renderRoute('/apartment', { signedInAs: nadia });
    await waitForSession('user');
    await waitFor(() => expect(callsTo('POST', '/jwt')).toHaveLength(2));
    expect(currentPath()).toBe('/apartment');
    expect(identityCalls.signOuts).toBe(0);
    expect(localStorage.getItem('access-token')).toBe(`token:${nadia.email}`);
    expect(screen.getByRole('button', { name: 'Account menu for Nadia Islam' })).toBeInTheDocument();
  });

  it('signs out and goes to /login when a call answers 401 even after renewing', async () => {
    server.use(
      http.get(`${env.queryUrl}/user/admin/:email`, () => problem(401, 'token expired', 'Unauthorized')),
    );
    const { currentPath } = renderRoute('/apartment', { signedInAs: nadia });
    await screen.findByRole('heading', { name: 'Login' });
    expect(currentPath()).toBe('/login?from=%2Fapartment');
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(identityCalls.signOuts).toBe(1);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('keeps the session when a call is refused with 403 (a business refusal, not a sign-out)', async () => {
    let refused = 0;
    server.use(
      http.get(`${env.queryUrl}/user/member/:email`, () => {
        refused += 1;
        return problem(403, 'not yours', 'Forbidden');
      }),
    );
    const { currentPath } = renderRoute('/apartment', { signedInAs: nadia });
    await waitFor(() => expect(refused).toBeGreaterThan(0));
    await screen.findByRole('heading', { name: 'Our Apartments' });
    expect(currentPath()).toBe('/apartment');
    expect(identityCalls.signOuts).toBe(0);
    expect(localStorage.getItem('access-token')).not.toBeNull();
  });

  it('does not sign in when the token exchange fails, and says why', async () => {
    server.use(
      http.post(`${env.commandUrl}/jwt`, () => problem(503, 'the command service is starting', 'Busy')),
    );
    renderRoute('/', { signedInAs: nadia });
    expect(
      await screen.findByText(
        'Could not start your session: The service is unavailable for a moment. Try again shortly.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem('access-token')).toBeNull();
  });
});
