import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { overdueRent, personalLedger } from '@building/events/rent-ledger/ledger-answers';
import type { LedgerLease, SettledMonth } from '@building/events/rent-ledger/lease-ledger';
import { i18next } from '../../../i18n/i18n.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { renderRoute } from '../../../testing/render-route.tsx';

serveDashboardBackend();

const member = { email: 'rahim@example.com', displayName: 'Rahim Member' };
const admin = { email: 'admin@example.com', displayName: 'Ayesha Admin' };
const lease = (overrides: Partial<LedgerLease> = {}): LedgerLease => ({
  leaseId: '11111111-1111-4111-8111-111111111111',
  email: member.email,
  name: member.displayName,
  si: 3,
  apartment: 'A-103',
  rentPoisha: 1_300_000,
  startedAt: '2026-01-01T04:00:00.000Z',
  endedAt: null,
  ...overrides,
});
const noAccount = { charges: [], lateFees: [], offline: [] };
const settled: SettledMonth[] = [
  {
    si: 3,
    year: 2026,
    month: 'January',
    payments: [
      {
        amountPoisha: 1_170_000,
        creditPoisha: 1_300_000,
        couponCode: 'SAVE10',
        paidAt: '2026-01-03T04:00:00.000Z',
        transactionId: 'pi_jan',
      },
    ],
    refunds: [],
    ...noAccount,
    reminders: { due: '2026-01-01T00:00:00.000Z', overdue: null },
  },
  {
    si: 3,
    year: 2026,
    month: 'February',
    payments: [],
    refunds: [],
    ...noAccount,
    reminders: { due: '2026-01-31T18:00:00.000Z', overdue: '2026-02-05T18:00:00.000Z' },
  },
];
const march4 = new Date('2026-03-04T06:00:00.000Z');
const rowOf = (month: string) => screen.getByRole('cell', { name: month }).closest('tr') as HTMLElement;

describe('rent ledger', () => {
  afterEach(() => i18next.changeLanguage('en'));

  it('shows each month newest first: due, overdue with its reminders, paid with its receipt; and the balance', async () => {
    backend.members.add(member.email);
    dashboard.rentLedgers[member.email] = personalLedger(member.email, [lease()], settled, march4);
    renderRoute('/dashboard/rentLedger', { signedInAs: member });
    expect(await screen.findByRole('heading', { name: 'Apartment A-103' })).toBeInTheDocument();
    const months = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(months).toEqual(['March 2026', 'February 2026', 'January 2026']);
    expect(within(rowOf('March 2026')).getByText('Due')).toBeInTheDocument();
    expect(within(rowOf('March 2026')).getByText(/due by 5 March 2026/)).toBeInTheDocument();
    expect(within(rowOf('February 2026')).getByText('Overdue')).toBeInTheDocument();
    expect(
      within(rowOf('February 2026')).getByText(
        /Due reminder 01\/02\/2026 00:00:00; Overdue reminder 06\/02\/2026 00:00:00/,
      ),
    ).toBeInTheDocument();
    expect(within(rowOf('January 2026')).getByText(/৳ 11,700 paid on 3 January 2026/)).toBeInTheDocument();
    expect(
      within(rowOf('January 2026')).getByRole('button', { name: 'Receipt for pi_jan' }),
    ).toBeInTheDocument();
    expect(within(rowOf('February 2026')).getByRole('link', { name: 'Pay February 2026' })).toHaveAttribute(
      'href',
      '/dashboard/payment?si=3&month=February&year=2026',
    );
    const balance = screen.getByText('Balance').closest('.stat-tile') as HTMLElement;
    expect(within(balance).getByText('৳ 26,000')).toBeInTheDocument();
    expect(callsTo('GET', `/rent-ledger/${encodeURIComponent(member.email)}`)).toHaveLength(1);
  });

  it('shows a refund made at the provider under its payment, and the part owed again with Pay', async () => {
    backend.members.add(member.email);
    const january = settled[0]!;
    const refunded: SettledMonth = {
      ...january,
      refunds: [{ amountPoisha: 170_000, refundedAt: '2026-02-20T04:00:00.000Z', transactionId: 'pi_jan' }],
    };
    dashboard.rentLedgers[member.email] = personalLedger(
      member.email,
      [lease()],
      [refunded, settled[1]!],
      march4,
    );
    renderRoute('/dashboard/rentLedger', { signedInAs: member });
    await screen.findByRole('heading', { name: 'Apartment A-103' });
    const row = rowOf('January 2026');
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText(/৳ 11,700 paid on 3 January 2026/)).toBeInTheDocument();
    expect(within(row).getByText('৳ 1,700 refunded to the card on 20 February 2026')).toBeInTheDocument();
    expect(within(row).getByText(/৳ 1,700 overdue since 5 January 2026/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Pay January 2026' })).toBeInTheDocument();
    await act(() => i18next.changeLanguage('bn'));
    expect(await within(row).findByText(/কার্ডে ফেরত দেওয়া হয়েছে/)).toBeInTheDocument();
  });

  it('owes the charges and late fee with the rent; a month paid in part at the desk shows what remains', async () => {
    backend.members.add(member.email);
    const march: SettledMonth = {
      si: 3,
      year: 2026,
      month: 'March',
      payments: [],
      refunds: [],
      charges: [
        {
          chargeId: '33333333-3333-4333-8333-333333333333',
          description: 'Generator fuel',
          amountPoisha: 200_000,
          addedAt: '2026-03-01T04:00:00.000Z',
          cancelledAt: null,
        },
      ],
      lateFees: [],
      offline: [
        {
          paymentId: '44444444-4444-4444-8444-444444444444',
          method: 'bkash',
          reference: 'BK-77',
          amountPoisha: 500_000,
          recordedAt: '2026-03-02T04:00:00.000Z',
          reversedAt: null,
        },
      ],
      reminders: { due: null, overdue: null },
    };
    // January's rent is paid by card, but a late fee stays open: the month is not paid.
    const january: SettledMonth = {
      ...settled[0]!,
      lateFees: [{ amountPoisha: 65_000, chargedAt: '2026-01-06T00:00:00.000Z' }],
    };
    dashboard.rentLedgers[member.email] = personalLedger(
      member.email,
      [lease()],
      [january, settled[1]!, march],
      march4,
    );
    renderRoute('/dashboard/rentLedger', { signedInAs: member });
    await screen.findByRole('heading', { name: 'Apartment A-103' });
    const row = rowOf('March 2026');
    expect(within(row).getByText('Generator fuel: ৳ 2,000')).toBeInTheDocument();
    expect(within(row).getByText(/৳ 5,000 paid by bKash \(BK-77\) on 2 March 2026/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Receipt for BK-77' })).toBeInTheDocument();
    expect(within(row).getByText(/৳ 10,000 due by 5 March 2026/)).toBeInTheDocument();
    const paidByCard = rowOf('January 2026');
    expect(within(paidByCard).getByText('Overdue')).toBeInTheDocument();
    expect(within(paidByCard).getByText('Late fee: ৳ 650')).toBeInTheDocument();
    expect(within(paidByCard).getByText(/৳ 650 overdue since 5 January 2026/)).toBeInTheDocument();
    const balance = screen.getByText('Balance').closest('.stat-tile') as HTMLElement;
    expect(within(balance).getByText('৳ 23,650')).toBeInTheDocument();
    await act(() => i18next.changeLanguage('bn'));
    expect(await within(row).findByText(/বিকাশ-এ ৳ ৫,০০০ পরিশোধিত \(BK-77\)/)).toBeInTheDocument();
  });

  it('stays open to a former member, read only: no Pay', async () => {
    const ended = lease({ endedAt: '2026-02-10T00:00:00.000Z' });
    dashboard.rentLedgers[member.email] = personalLedger(member.email, [ended], settled, march4);
    renderRoute('/dashboard/rentLedger', { signedInAs: member });
    expect(await screen.findByText('Read only')).toBeInTheDocument();
    expect(screen.getByText(/Leased from 1 January 2026 to 10 February 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Pay / })).toBeNull();
  });

  it('speaks Bangla to a Bangla reader', async () => {
    backend.members.add(member.email);
    dashboard.rentLedgers[member.email] = personalLedger(member.email, [lease()], settled, march4);
    renderRoute('/dashboard/rentLedger', { signedInAs: member });
    await screen.findByRole('heading', { name: 'Apartment A-103' });
    await act(() => i18next.changeLanguage('bn'));
    expect(await screen.findByRole('heading', { name: 'ভাড়ার খতিয়ান' })).toBeInTheDocument();
    expect(screen.getAllByText('মেয়াদোত্তীর্ণ').length).toBeGreaterThan(0);
    expect(screen.getByText('পরিশোধিত')).toBeInTheDocument();
  });

  it('says when there is no lease yet', async () => {
    renderRoute('/dashboard/rentLedger', { signedInAs: member });
    expect(await screen.findByText(/Your ledger starts when an agreement is accepted/i)).toBeInTheDocument();
  });
});

describe('overdue rent (admins)', () => {
  const other = lease({
    leaseId: '22222222-2222-4222-8222-222222222222',
    email: 'karim@example.com',
    name: 'Karim',
    si: 5,
    apartment: 'B-201',
  });

  it('lists who owes which months and how much, and the statistics say so too', async () => {
    backend.admins.add(admin.email);
    dashboard.overdueRent = overdueRent([lease(), other], settled, march4);
    const { user } = renderRoute('/dashboard/overdueRent', { signedInAs: admin });
    expect(await screen.findByText('2 residents owe ৳ 39,000 for 3 months.')).toBeInTheDocument();
    const karim = screen.getByRole('cell', { name: 'Karim' }).closest('tr') as HTMLElement;
    expect(within(karim).getByText('January 2026, February 2026')).toBeInTheDocument();
    expect(within(karim).getByText('৳ 26,000')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Admin Profile' }));
    const tile = (await screen.findByText('Residents Overdue')).closest('.stat-tile') as HTMLElement;
    expect(within(tile).getByText('2')).toBeInTheDocument();
  });

  it('says when nobody is overdue', async () => {
    backend.admins.add(admin.email);
    renderRoute('/dashboard/overdueRent', { signedInAs: admin });
    expect(await screen.findByText('Nobody owes overdue rent.')).toBeInTheDocument();
    expect(screen.queryByText(/residents owe/)).not.toBeInTheDocument();
  });
});
