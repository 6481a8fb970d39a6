import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

serveDashboardBackend();

const admin = { email: 'admin@example.com', displayName: 'Ayesha Admin' };
const member = { email: 'member@example.com', displayName: 'Rahim Member' };
const user = { email: 'user@example.com', displayName: 'Karim User' };

const sidebar = () => screen.getByRole('complementary');
const sectionTitles = () =>
  Array.from(sidebar().querySelectorAll('.menu-label'), (label) => label.textContent);

describe('dashboard shell', () => {
  it('sends a visitor to /login, remembering the page', async () => {
    const { currentPath } = renderRoute('/dashboard/userProfile');
    await waitFor(() => expect(currentPath()).toBe('/login?from=%2Fdashboard%2FuserProfile'));
  });

  it('shows a spinner while the roles resolve, then the user section and profile', async () => {
    server.use(
      http.get(`${env.queryUrl}/user/member/:email`, async () => {
        await delay(1500);
        return Response.json({ member: false });
      }),
    );
    const { currentPath } = renderRoute('/dashboard', { signedInAs: user });
    expect(await screen.findByText('Loading your dashboard…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard/userProfile');
    expect(sectionTitles()).toEqual(['User Dashboard']);
    expect(within(sidebar()).getByRole('link', { name: 'Announcements (2)' })).toBeInTheDocument();
  });

  it('leads an admin to the admin profile, with the admin section only', async () => {
    backend.admins.add(admin.email);
    const { currentPath } = renderRoute('/dashboard', { signedInAs: admin });
    expect(await screen.findByRole('heading', { name: 'Admin Profile' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard/adminProfile');
    expect(sectionTitles()).toEqual(['Admin Dashboard']);
    expect(
      within(sidebar())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Admin Profile',
      'Manage Members',
      'Make Announcement',
      'Agreement Requests',
      'Manage Coupons',
      'Audit Log',
    ]);
    expect(within(sidebar()).getByRole('link', { name: 'Admin Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('leads a member to the member profile, with the announcements count', async () => {
    backend.members.add(member.email);
    const { currentPath } = renderRoute('/dashboard', { signedInAs: member });
    expect(await screen.findByRole('heading', { name: 'Member Profile' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard/memberProfile');
    expect(sectionTitles()).toEqual(['Member Dashboard']);
    expect(await within(sidebar()).findByRole('link', { name: 'Announcements (2)' })).toHaveAttribute(
      'href',
      '/dashboard/announcements',
    );
  });

  it.each([
    ['a user', '/dashboard/manageMember', user],
    ['a member', '/dashboard/agreementRequest', member],
    ['a user', '/dashboard/memberPayment', user],
    ['an admin', '/dashboard/paymentHistory', admin],
  ])('sends %s away from %s to /login', async (_, path, who) => {
    backend.members.add(member.email);
    backend.admins.add(admin.email);
    const { currentPath } = renderRoute(path, { signedInAs: who });
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('lets any signed-in user read the announcements', async () => {
    renderRoute('/dashboard/announcements', { signedInAs: user });
    expect(await screen.findByRole('heading', { name: '1. Water supply' })).toBeInTheDocument();
  });

  it('has Home and Logout in its top bar; Logout signs out and leaves the dashboard', async () => {
    const { user: clicker, currentPath } = renderRoute('/dashboard/userProfile', { signedInAs: user });
    const bar = await screen.findByRole('navigation', { name: 'Dashboard navigation' });
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await clicker.click(within(bar).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toMatch(/^\/login/));
    expect(localStorage.getItem('access-token')).toBeNull();
  });

  it('toggles the menu on small screens', async () => {
    const { user: clicker } = renderRoute('/dashboard/userProfile', { signedInAs: user });
    const toggle = await screen.findByRole('button', { name: 'Open dashboard menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await clicker.click(toggle);
    expect(screen.getByRole('button', { name: 'Close dashboard menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(document.getElementById('dashboard-sidebar')).toHaveClass('is-open');
  });
});

describe('live updates', () => {
  class FakeEventSource {
    static CLOSED = 2;
    static opened: FakeEventSource[] = [];
    readyState = 1;
    closed = false;
    private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
    constructor(readonly url: string) {
      FakeEventSource.opened.push(this);
    }
    addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    close() {
      this.closed = true;
    }
    emit(data: unknown) {
      const event = new MessageEvent('message', { data: JSON.stringify(data) });
      this.listeners.get('message')?.forEach((listener) => listener(event));
    }
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
  });

  it('follows the query-service stream with the token and re-reads the view that changed', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    backend.admins.add(admin.email);
    const { unmount } = renderRoute('/dashboard/agreementRequest', { signedInAs: admin });
    expect(await screen.findByText('No agreement requests are waiting.')).toBeInTheDocument();
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe(
      `${env.queryUrl}/events/stream?access_token=token%3A${encodeURIComponent(admin.email)}`,
    );

    const { dashboard } = await import('../../../testing/dashboard-backend.ts');
    dashboard.requests.push({
      _id: 'r1',
      si: 3,
      user_name: 'Karim User',
      user_email: user.email,
      floor: 1,
      block: 'A',
      apartment: 'A-103',
      rent: 13000,
      room: '103',
      status: 'pending',
      timestamp: Date.UTC(2026, 0, 15, 12),
    });
    const readsBefore = callsTo('GET', '/agreement').length;
    source?.emit({ view: 'coupons', position: 7 });
    source?.emit({ view: 'agreement-requests', position: 8 });
    expect(await screen.findByRole('cell', { name: 'Karim User' })).toBeInTheDocument();
    expect(callsTo('GET', '/agreement')).toHaveLength(readsBefore + 1);

    unmount();
    expect(source?.closed).toBe(true);
  });
});
