import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { env } from '../../../lib/env.ts';
import { dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { givenMemberLeasesA103, member } from '../../../testing/member-lease.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

serveDashboardBackend();

describe('member profile and make payment', () => {
  beforeEach(() => {
    givenMemberLeasesA103('2026-04-02T12:00:00.000Z');
  });

  it("shows the member's apartment with its accept date as dd/mm/yy", async () => {
    renderRoute('/dashboard/memberProfile', { signedInAs: member });
    await screen.findByRole('cell', { name: 'A-103' });
    expect(
      screen.getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent)),
    ).toEqual([
      ['#', 'Apartment No.', 'Block', 'Floor', 'Room No.', 'Rent (৳)', 'Agreement Accept Date'],
      ['1', 'A-103', 'A', '1', '103', '৳ 13,000', '02/04/26'],
    ]);
  });

  it('says when the member leases nothing', async () => {
    dashboard.memberApartments[member.email] = [];
    renderRoute('/dashboard/memberProfile', { signedInAs: member });
    expect(await screen.findByText('You do not lease an apartment at the moment.')).toBeInTheDocument();
  });

  it('shows a spinner, then the error', async () => {
    server.use(
      http.get(`${env.queryUrl}/memberData/:email`, async () => {
        await delay(100);
        return problem(500, 'boom', 'Internal Server Error');
      }),
    );
    renderRoute('/dashboard/memberProfile', { signedInAs: member });
    expect(await screen.findByText('Loading apartments…')).toBeInTheDocument();
    expect(await screen.findByText('Could not load the apartments: Boom')).toBeInTheDocument();
  });

  it('offers a card per apartment; Pay appears once a month is chosen and carries si, month and year', async () => {
    const { user, currentPath } = renderRoute('/dashboard/memberPayment', { signedInAs: member });
    const card = await screen.findByRole('article', { name: 'Pay rent for apartment A-103' });
    expect(card).toHaveTextContent('Emailrahim@example.com');
    expect(card).toHaveTextContent('Rent৳ 13,000');
    const month = within(card).getByLabelText('Month');
    expect(
      within(month)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select Month',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(within(card).getByLabelText('Year')).toHaveValue(String(new Date().getFullYear()));
    expect(within(card).queryByRole('link', { name: 'Pay' })).toBeNull();
    await user.selectOptions(month, 'March');
    await user.clear(within(card).getByLabelText('Year'));
    await user.type(within(card).getByLabelText('Year'), '2026');
    await user.click(within(card).getByRole('link', { name: 'Pay' }));
    expect(currentPath()).toBe('/dashboard/payment?si=3&month=March&year=2026');
  });
});
