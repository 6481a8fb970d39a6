import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountAt } from '@building/events/account/account-at';
import { i18next } from '../../../i18n/i18n.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { renderRoute } from '../../../testing/render-route.tsx';

serveDashboardBackend();

const member = { email: 'rahim@example.com', displayName: 'Rahim Member' };
const lease = {
  leaseId: '11111111-1111-4111-8111-111111111111',
  email: member.email,
  name: member.displayName,
  si: 3,
  apartment: 'A-103',
  rentPoisha: 1_300_000,
  startedAt: '2026-03-01T04:00:00.000Z',
  endedAt: null,
};
const bkash = {
  id: '22222222-2222-4222-8222-222222222222',
  si: 3,
  year: 2026,
  month: 'March' as const,
  kind: 'payment' as const,
  description: 'Payment received',
  debitPoisha: 0,
  creditPoisha: 500_000,
  method: 'bkash',
  reference: 'TXN8H2K',
  refId: '33333333-3333-4333-8333-333333333333',
  date: '2026-03-03T04:00:00.000Z',
};

describe('the account page', () => {
  afterEach(() => i18next.changeLanguage('en'));

  it('lists the lines with method, reference and running balance, and what is owed', async () => {
    backend.members.add(member.email);
    dashboard.accounts[member.email] = accountAt(
      member.email,
      [lease],
      [bkash],
      new Date('2026-03-04T00:00:00Z'),
    );
    renderRoute('/dashboard/account', { signedInAs: member });
    const payment = (await screen.findByText('Payment received')).closest('tr') as HTMLElement;
    expect(within(payment).getByText('bKash · TXN8H2K')).toBeInTheDocument();
    expect(within(payment).getAllByText('৳ 8,000')).toHaveLength(1);
    const balance = screen.getAllByText('Balance')[0]!.closest('.stat-tile') as HTMLElement;
    expect(within(balance).getByText('৳ 8,000')).toBeInTheDocument();
    expect(callsTo('GET', `/account/${encodeURIComponent(member.email)}`)).toHaveLength(1);
  });

  it('shows a refund made at the provider as owed again, with its card and refund id', async () => {
    backend.members.add(member.email);
    const byCard = {
      ...bkash,
      id: '44444444-4444-4444-8444-444444444444',
      kind: 'card-payment' as const,
      description: 'Paid by card',
      creditPoisha: 800_000,
      method: 'card',
      reference: 'pi_1',
      refId: 'pi_1',
      date: '2026-03-04T04:00:00.000Z',
    };
    const refund = {
      ...byCard,
      id: '55555555-5555-4555-8555-555555555555',
      kind: 'refund' as const,
      description: 'Refunded to the card',
      debitPoisha: 200_000,
      creditPoisha: 0,
      reference: 're_1',
      date: '2026-03-06T04:00:00.000Z',
    };
    dashboard.accounts[member.email] = accountAt(
      member.email,
      [lease],
      [bkash, byCard, refund],
      new Date('2026-03-07T00:00:00Z'),
    );
    renderRoute('/dashboard/account', { signedInAs: member });
    const line = (await screen.findByText('Refunded to the card: owed again')).closest('tr') as HTMLElement;
    expect(within(line).getByText('card · re_1')).toBeInTheDocument();
    expect(within(line).getAllByText('৳ 2,000')).toHaveLength(2);
    const balance = screen.getAllByText('Balance')[0]!.closest('.stat-tile') as HTMLElement;
    expect(within(balance).getByText('৳ 2,000')).toBeInTheDocument();
  });

  it('speaks Bangla', async () => {
    await i18next.changeLanguage('bn');
    dashboard.accounts[member.email] = accountAt(
      member.email,
      [lease],
      [bkash],
      new Date('2026-03-04T00:00:00Z'),
    );
    renderRoute('/dashboard/account', { signedInAs: member });
    expect(await screen.findByText(/বিকাশ · TXN8H2K/)).toBeInTheDocument();
    // The month's rent in Bangla too, not as the server words it.
    expect(screen.getByText('ভাড়া, অ্যাপার্টমেন্ট A-103')).toBeInTheDocument();
    expect(screen.queryByText(/Rent, apartment/)).toBeNull();
  });
});

describe('the account page’s deposit', () => {
  it('shows the deposit owed with Pay deposit, and once settled what was returned', async () => {
    backend.members.add(member.email);
    dashboard.memberApartments[member.email] = [
      {
        _id: 'r1',
        si: 3,
        apartment: 'A-103',
        block: 'A',
        floor: 1,
        room: '2 bed, 1 bath',
        rent: 13_000,
        accept_date: lease.startedAt,
        user_email: member.email,
        user_name: member.displayName,
        timestamp: Date.parse(lease.startedAt),
      },
    ];
    const owed = {
      ...bkash,
      id: 'd1',
      year: null,
      month: null,
      kind: 'deposit' as const,
      description: 'Deposit, 2 months of rent',
      debitPoisha: 2_600_000,
      creditPoisha: 0,
      method: null,
      reference: null,
      refId: lease.leaseId,
      date: lease.startedAt,
    };
    dashboard.accounts[member.email] = accountAt(
      member.email,
      [lease],
      [owed],
      new Date('2026-03-04T00:00:00Z'),
    );
    renderRoute('/dashboard/account', { signedInAs: member });
    const pay = await screen.findByRole('link', { name: 'Pay deposit (৳ 26,000)' });
    expect(pay).toHaveAttribute('href', '/dashboard/payDeposit?si=3');
    expect(screen.getByText('Deposit ৳ 26,000: ৳ 0 paid, ৳ 26,000 to pay.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Pay March 2026$/ })).toHaveAttribute(
      'href',
      '/dashboard/payment?si=3&month=March&year=2026',
    );
  });
});
