import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { FakeEventSource, stopFakeEventSource } from '../../../testing/fake-event-source.ts';
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
  afterEach(stopFakeEventSource);

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
      'Overdue Rent',
      'Charges',
      'Cash Desk',
      'Deposits',
      'Finance',
      'Maintenance',
      'Audit Log',
    ]);
    expect(within(sidebar()).getByRole('link', { name: 'Admin Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('leads a member to the member profile, with the announcements count', async () => {
    backend.members.add(member.email);
    const { currentPath, user: clicker } = renderRoute('/dashboard', { signedInAs: member });
    expect(await screen.findByRole('heading', { name: 'Member Profile' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard/memberProfile');
    expect(sectionTitles()).toEqual(['Member Dashboard']);
    const link = await within(sidebar()).findByRole('link', { name: 'Announcements (2)' });
    expect(link).toHaveAttribute('href', '/dashboard/announcements');
    // Read: the count is of those not seen yet.
    await clicker.click(link);
    expect(await screen.findByRole('heading', { name: 'Announcements' })).toBeInTheDocument();
    expect(await within(sidebar()).findByRole('link', { name: 'Announcements' })).toBeInTheDocument();
  });

  it.each([
    ['a user', '/dashboard/manageMember', user, '/dashboard/userProfile', /for admins only/],
    ['a member', '/dashboard/agreementRequest', member, '/dashboard/memberProfile', /for admins only/],
    ['a user', '/dashboard/memberPayment', user, '/dashboard/userProfile', /for members/],
    ['an admin', '/dashboard/paymentHistory', admin, '/dashboard/adminProfile', /admins see payments/],
  ])('sends %s away from %s to their own dashboard, saying why', async (_, path, who, home, why) => {
    backend.members.add(member.email);
    backend.admins.add(admin.email);
    const { currentPath } = renderRoute(path, { signedInAs: who });
    expect(await screen.findByText(why)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe(home));
    expect(localStorage.getItem('access-token')).toBe(`token:${who.email}`);
  });

  it('moves a member demoted while on a member page to the user dashboard, saying why', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    backend.members.add(member.email);
    const { currentPath } = renderRoute('/dashboard/memberPayment', { signedInAs: member });
    await screen.findByRole('heading', { name: 'Make Payment' });
    backend.members.delete(member.email);
    FakeEventSource.opened[0]?.emit({ view: 'members', position: 9 });
    expect(await screen.findByText(/That page is for members/)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/dashboard/userProfile'));
    expect(screen.getByText('User Dashboard')).toBeInTheDocument();
  });

  it('says so, with Try again, when the read API is down, instead of loading for ever', async () => {
    let down = true;
    // While down, the role checks cannot connect; after, they fall through to the usual answers.
    server.use(
      http.get(`${env.queryUrl}/user/:role/:email`, () => (down ? HttpResponse.error() : undefined)),
    );
    const { user: clicker } = renderRoute('/dashboard', { signedInAs: user });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the dashboard: Cannot reach the server');
    expect(screen.queryByText('Loading your dashboard…')).toBeNull();

    down = false;
    await clicker.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
  });

  it('offers a skip link to the page content', async () => {
    renderRoute('/dashboard/userProfile', { signedInAs: user });
    await screen.findByRole('heading', { name: 'My Profile' });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')).toHaveAttribute('tabindex', '-1');
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
  afterEach(stopFakeEventSource);

  it('follows the query-service stream with a ticket (no token in its address) and re-reads the view that changed', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    backend.admins.add(admin.email);
    const { unmount } = renderRoute('/dashboard/agreementRequest', { signedInAs: admin });
    expect(await screen.findByText('No agreement requests are waiting.')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe(
      `${env.queryUrl}/events/stream?ticket=ticket%3A${encodeURIComponent(admin.email)}`,
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
