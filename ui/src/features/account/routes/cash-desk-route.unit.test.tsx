import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountAt } from '@building/events/account/account-at';
import type { StoredAccountLine } from '@building/events/read-models/account';
import { desk, serveDeskBackend } from '../../../testing/account-desk-backend.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { monthsAhead } from '../months-ahead.ts';

serveDashboardBackend();
serveDeskBackend();

const admin = { email: 'admin@example.com' };
const email = 'rahim@example.com';
const lease = {
  leaseId: '11111111-1111-4111-8111-111111111111',
  email,
  name: 'Rahim',
  si: 3,
  apartment: 'A-103',
  rentPoisha: 1_300_000,
  startedAt: '2026-03-01T04:00:00.000Z',
  endedAt: null,
};
const line = (over: Partial<StoredAccountLine>): StoredAccountLine => ({
  id: crypto.randomUUID(),
  si: 3,
  year: 2026,
  month: 'March',
  kind: 'charge',
  description: 'Water',
  debitPoisha: 0,
  creditPoisha: 0,
  method: null,
  reference: null,
  refId: null,
  date: '2026-03-02T04:00:00.000Z',
  ...over,
});
const bkash = line({
  kind: 'payment',
  description: 'Payment received',
  creditPoisha: 500_000,
  method: 'bkash',
  reference: 'TXN8H2K',
  refId: '33333333-3333-4333-8333-333333333333',
  date: '2026-03-03T04:00:00.000Z',
});

describe('the cash desk', () => {
  beforeEach(() => {
    backend.admins.add(admin.email);
    desk.residents = [
      {
        email,
        name: 'Rahim',
        si: 3,
        apartment: 'A-103',
        block: 'A',
        startedAt: lease.startedAt,
        endedAt: null,
      },
    ];
    dashboard.accounts[email] = accountAt(
      email,
      [lease],
      [line({ debitPoisha: 45_050, refId: 'c-1' }), bkash],
      new Date('2026-03-10T00:00:00Z'),
    );
  });

  async function openRahim() {
    const view = renderRoute('/dashboard/cashDesk', { signedInAs: admin });
    await view.user.type(await screen.findByRole('searchbox', { name: /Find a resident/ }), 'a-103');
    await view.user.click(screen.getByRole('button', { name: 'Find' }));
    await view.user.click(await screen.findByRole('button', { name: /A-103 · Rahim/ }));
    return view;
  }

  it('finds the resident, shows what the month owes, and records part of it by bKash with its receipt', async () => {
    const { user } = await openRahim();
    const owing = await screen.findByText('Remaining');
    const list = owing.closest('dl') as HTMLElement;
    const sum = (label: string) => within(list).getByText(label).nextElementSibling?.textContent;
    expect(sum('Rent')).toBe('৳ 13,000');
    expect(sum('Charges')).toBe('৳ 450.5');
    expect(sum('Paid so far')).toBe('৳ 5,000');
    expect(sum('Remaining')).toBe('৳ 8,450.5');

    const form = screen.getByRole('form', { name: 'Record a payment' });
    await user.selectOptions(within(form).getByLabelText('Method'), 'nagad');
    await user.type(within(form).getByLabelText(/Reference/), 'NG-77');
    await user.type(within(form).getByLabelText(/Amount/), '2000');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await within(form).findByText('৳ 2,000 recorded.');
    expect(callsTo('POST', '/payments/offline').at(-1)?.body).toEqual({
      email,
      si: 3,
      month: 'March',
      year: 2026,
      method: 'nagad',
      reference: 'NG-77',
      amount: '2000',
    });
    await user.click(within(form).getByRole('button', { name: 'Receipt (PDF)' }));
    await waitFor(() => expect(callsTo('GET', '/payments/pay-1/receipt')).toHaveLength(1));
  });

  it('takes a month ahead: its rent owed, paid in full by bKash; up to a year ahead, no further', async () => {
    const { user } = await openRahim();
    await screen.findByText('Remaining');
    const next = monthsAhead(false)[0]!;
    const picker = screen.getByLabelText('Month');
    const ahead = within(picker)
      .getAllByRole('option')
      .filter((o) => o.textContent?.endsWith('(ahead)'));
    expect(ahead).toHaveLength(12);
    await user.selectOptions(picker, `${next.year}-${next.month}`);
    const list = (await screen.findByText('Remaining')).closest('dl') as HTMLElement;
    const sum = (label: string) => within(list).getByText(label).nextElementSibling?.textContent;
    expect(sum('Rent')).toBe('৳ 13,000');
    expect(sum('Remaining')).toBe('৳ 13,000');
    const form = screen.getByRole('form', { name: 'Record a payment' });
    await user.selectOptions(within(form).getByLabelText('Method'), 'bkash');
    await user.type(within(form).getByLabelText(/Reference/), 'BK-AHEAD');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await within(form).findByText('৳ 13,000 recorded.');
    expect(callsTo('POST', '/payments/offline').at(-1)?.body).toEqual({
      ...{ email, si: 3, month: next.month, year: next.year },
      ...{ method: 'bkash', reference: 'BK-AHEAD', amount: '13000' },
    });
  });

  it('offers no month ahead to a lease that has ended', () => {
    expect(monthsAhead(true)).toEqual([]);
    const months = monthsAhead(false, new Date('2026-12-15T00:00:00Z'));
    expect(months[0]).toEqual({ month: 'January', year: 2027 });
    expect(months.at(-1)).toEqual({ month: 'December', year: 2027 });
  });

  it('reverses a desk payment recorded in error, with a reason; a refusal stays in the dialog', async () => {
    const { user } = await openRahim();
    await user.click(await screen.findByRole('button', { name: 'Reverse bKash · TXN8H2K' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong resident');
    desk.refusals['/payments/offline/reverse'] = {
      status: 409,
      code: 'payment-already-reversed',
      detail: 'reversed already',
    };
    await user.click(within(dialog).getByRole('button', { name: 'Reverse payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/reversed/i);
    delete desk.refusals['/payments/offline/reverse'];
    await user.click(within(dialog).getByRole('button', { name: 'Reverse payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/payments/offline/reverse').at(-1)?.body).toEqual({
      paymentId: bkash.refId,
      si: 3,
      month: 'March',
      year: 2026,
      reason: 'Wrong resident',
    });
  });
});
