import { act, screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18next } from '../../../i18n/i18n.ts';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { dashboard, serveDashboardBackend, type StoredPayment } from '../../../testing/dashboard-backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

serveDashboardBackend();

const member = { email: 'rahim@example.com', displayName: 'Rahim Member' };
const path = '/dashboard/paymentHistory';

const payment = (month: StoredPayment['month'], id: string, time: number): StoredPayment => ({
  _id: id,
  email: member.email,
  name: member.displayName,
  si: 3,
  apartment: 'A-103',
  block: 'A',
  floor: 1,
  month,
  year: 2026,
  price: 11700,
  TransactionId: id,
  time,
  couponCode: null,
  discount: 0,
  status: 'paid',
  refundReason: null,
});

describe('payment history', () => {
  beforeEach(() => {
    backend.members.add(member.email);
    dashboard.payments = [
      payment('January', 'pi_jan', 1_767_225_600),
      payment('March', 'pi_mar', 1_772_323_205),
    ];
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the payments with their apartment and the time in Dhaka', async () => {
    renderRoute(path, { signedInAs: member });
    await screen.findByText('pi_jan');
    expect(
      screen.getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent)),
    ).toEqual([
      ['#', 'Apartment', 'Email', 'Month', 'Rent', 'Transaction ID', 'Payment Time (Dhaka)', 'Receipt'],
      ['1', 'A-103', member.email, 'January 2026', '৳ 11,700', 'pi_jan', '01/01/2026 06:00:00', 'Receipt'],
      ['2', 'A-103', member.email, 'March 2026', '৳ 11,700', 'pi_mar', '01/03/2026 06:00:05', 'Receipt'],
    ]);
  });

  it('shows a refunded second charge with its amount and time, marked in place of a receipt', async () => {
    dashboard.payments = [
      {
        ...payment('March', 'refund-1', 1_772_323_265),
        TransactionId: 'pi_again',
        status: 'refunded',
        refundReason: 'duplicate-charge',
      },
      payment('March', 'pi_mar', 1_772_323_205),
    ];
    renderRoute(path, { signedInAs: member });
    await screen.findByText('pi_again');
    const rows = screen
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows.slice(1)).toEqual([
      [
        '1',
        'A-103',
        member.email,
        'March 2026',
        '৳ 11,700',
        'pi_again',
        '01/03/2026 06:01:05',
        'Refunded: duplicate charge',
      ],
      ['2', 'A-103', member.email, 'March 2026', '৳ 11,700', 'pi_mar', '01/03/2026 06:00:05', 'Receipt'],
    ]);
    expect(screen.queryByRole('button', { name: 'Receipt for pi_again' })).toBeNull();
    await act(() => i18next.changeLanguage('bn'));
    expect(await screen.findByText('ফেরত দেওয়া হয়েছে: দ্বিতীয় চার্জ')).toBeInTheDocument();
  });

  it('labels each refund by its reason, in English and Bangla', async () => {
    const refund = (id: string, reason: StoredPayment['refundReason'], time: number): StoredPayment => ({
      ...payment('March', id, time),
      TransactionId: `pi_${id}`,
      status: 'refunded',
      refundReason: reason,
    });
    dashboard.payments = [
      refund('provider', 'provider-refund', 1_772_323_325),
      refund('duplicate', 'duplicate-charge', 1_772_323_265),
      payment('March', 'pi_mar', 1_772_323_205),
    ];
    renderRoute(path, { signedInAs: member });
    await screen.findByText('pi_provider');
    const labels = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.lastElementChild?.textContent);
    expect(labels()).toEqual([
      'Refunded to your card by the building',
      'Refunded: duplicate charge',
      'Receipt',
    ]);
    await act(() => i18next.changeLanguage('bn'));
    await waitFor(() =>
      expect(labels()).toEqual(['ভবন আপনার কার্ডে ফেরত দিয়েছে', 'ফেরত দেওয়া হয়েছে: দ্বিতীয় চার্জ', 'রসিদ']),
    );
  });

  it('searches by month on the server, case-insensitively', async () => {
    const { user } = renderRoute(path, { signedInAs: member });
    await screen.findByText('pi_jan');
    await user.type(screen.getByRole('searchbox', { name: 'Month' }), 'march');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('pi_jan')).toBeNull());
    expect(screen.getByText('pi_mar')).toBeInTheDocument();
    expect(callsTo('GET', `/payments/${encodeURIComponent(member.email)}`).at(-1)).toBeDefined();
    await user.clear(screen.getByRole('searchbox', { name: 'Month' }));
    await user.type(screen.getByRole('searchbox', { name: 'Month' }), 'May');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No payments for May.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Month' }));
    await user.type(screen.getByRole('searchbox', { name: 'Month' }), 'mar 2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('pi_mar')).toBeInTheDocument();
  });

  it('downloads the PDF receipt with the token', async () => {
    // jsdom has no object URLs: stand in for them, and put back whatever was there.
    const created = vi.fn<(blob: Blob) => string>(() => 'blob:receipt');
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = created;
    URL.revokeObjectURL = () => undefined;
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderRoute(path, { signedInAs: member });
    await user.click(await screen.findByRole('button', { name: 'Receipt for pi_mar' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const [call] = callsTo('GET', '/payments/pi_mar/receipt');
    expect(call?.headers.authorization).toBe(`Bearer token:${member.email}`);
    expect(created.mock.calls[0]?.[0].type).toBe('application/pdf');
  });

  it('shows a failed receipt as a toast', async () => {
    server.use(
      http.get(`${env.commandUrl}/payments/:id/receipt`, () => problem(404, 'no such payment', 'Not Found')),
    );
    const { user } = renderRoute(path, { signedInAs: member });
    await user.click(await screen.findByRole('button', { name: 'Receipt for pi_jan' }));
    expect(await screen.findByText('No such payment')).toBeInTheDocument();
  });

  it('stays open to a former member, read only, with their receipts', async () => {
    backend.members.delete(member.email);
    const { currentPath } = renderRoute(path, { signedInAs: member });
    expect(await screen.findByRole('button', { name: 'Receipt for pi_jan' })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
    expect(screen.getByRole('complementary')).toHaveTextContent('Payment History');
  });

  it('says when nothing was paid yet', async () => {
    dashboard.payments = [];
    renderRoute(path, { signedInAs: member });
    expect(await screen.findByText('You have not paid any rent yet.')).toBeInTheDocument();
  });

  it('shows a spinner, then the error', async () => {
    server.use(
      http.get(`${env.queryUrl}/payments/:email`, async () => {
        await delay(100);
        return problem(500, 'boom', 'Internal Server Error');
      }),
    );
    renderRoute(path, { signedInAs: member });
    expect(await screen.findByText('Loading payments…')).toBeInTheDocument();
    expect(await screen.findByText(/Could not load the payments/)).toBeInTheDocument();
  });
});
