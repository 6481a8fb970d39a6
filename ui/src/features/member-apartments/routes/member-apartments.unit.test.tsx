import { screen } from '@testing-library/react';
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
      ['#', 'Apartment No.', 'Block', 'Floor', 'Rooms', 'Rent (৳)', 'Agreement Accept Date'],
      ['1', 'A-103', 'A', '1', '103', '৳ 13,000', '02/04/2026'],
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
    expect(
      await screen.findByText(
        'Could not load the apartments: Something went wrong on the server. Try again in a moment.',
      ),
    ).toBeInTheDocument();
  });
});
