import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountAt } from '@building/events/account/account-at';
import type { StoredAccountLine } from '@building/events/read-models/account';
import { desk, serveDeskBackend } from '../../../testing/account-desk-backend.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { dashboard, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { renderRoute } from '../../../testing/render-route.tsx';

serveDashboardBackend();
serveDeskBackend();

const admin = { email: 'admin@example.com' };
const email = 'nila@example.com';
const leaseId = '11111111-1111-4111-8111-111111111111';
const deposit = (kind: 'deposit' | 'deposit-payment', poisha: number, date: string): StoredAccountLine => ({
  id: `${kind}-${date}`,
  si: 5,
  year: null,
  month: null,
  kind,
  description: kind === 'deposit' ? 'Deposit, 2 months of rent' : 'Deposit paid',
  debitPoisha: kind === 'deposit' ? poisha : 0,
  creditPoisha: kind === 'deposit' ? 0 : poisha,
  method: kind === 'deposit' ? null : 'card',
  reference: kind === 'deposit' ? null : 'pi_1',
  refId: leaseId,
  date,
});

describe('deposit settlement', () => {
  beforeEach(() => {
    backend.admins.add(admin.email);
    desk.residents = [
      {
        email,
        name: 'Nila',
        si: 5,
        apartment: 'B-105',
        block: 'B',
        startedAt: '2026-01-01T04:00:00.000Z',
        endedAt: '2026-03-15T04:00:00.000Z',
      },
    ];
    dashboard.accounts[email] = accountAt(
      email,
      [],
      [
        deposit('deposit', 2_600_000, '2026-01-01T04:00:00.000Z'),
        deposit('deposit-payment', 2_600_000, '2026-01-02T04:00:00.000Z'),
      ],
      new Date('2026-03-20T00:00:00Z'),
    );
  });

  it('settles an ended lease’s deposit with itemised deductions, rows added and removed', async () => {
    const { user } = renderRoute('/dashboard/settleDeposit', { signedInAs: admin });
    await user.type(await screen.findByRole('searchbox', { name: /Find a resident/ }), 'nila');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('button', { name: /B-105 · Nila .* lease ended/ }));
    const form = await screen.findByRole('form', { name: 'Settle the deposit of B-105' });
    expect(within(form).getByText('Held: ৳ 26,000 of ৳ 26,000 owed.')).toBeInTheDocument();
    for (let i = 0; i < 2; i++)
      await user.click(within(form).getByRole('button', { name: 'Add a deduction' }));
    const first = within(form).getByRole('group', { name: 'Deduction 1' });
    await user.type(within(first).getByLabelText(/Reason/), 'Broken window');
    await user.type(within(first).getByLabelText(/Amount/), '3500');
    await user.click(within(form).getByRole('button', { name: 'Remove deduction 2' }));
    expect(within(form).queryByRole('group', { name: 'Deduction 2' })).toBeNull();
    expect(within(form).getByText('Kept: ৳ 3,500. Returned: ৳ 22,500.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Returned by'), 'bkash');
    await user.type(within(form).getByLabelText(/Reference/), 'BK-RET-1');
    await user.click(within(form).getByRole('button', { name: 'Settle deposit' }));
    await waitFor(() => expect(callsTo('POST', '/deposits/settle')).toHaveLength(1));
    expect(callsTo('POST', '/deposits/settle')[0]?.body).toEqual({
      si: 5,
      email,
      deductions: [{ reason: 'Broken window', amount: '3500' }],
      method: 'bkash',
      reference: 'BK-RET-1',
    });
  });

  it('says a running lease’s deposit waits for its end', async () => {
    desk.residents[0]!.endedAt = null;
    const { user } = renderRoute('/dashboard/settleDeposit', { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('button', { name: /B-105 · Nila/ }));
    await screen.findByText('The lease is still running: its deposit is settled once it ends.');
    expect(screen.queryByRole('form', { name: /Settle the deposit/ })).toBeNull();
  });
});
