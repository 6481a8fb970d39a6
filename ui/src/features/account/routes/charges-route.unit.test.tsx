import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n/i18n.ts';
import { bn } from '../../../i18n/bn.ts';
import { thisMonth } from '../../../lib/month-of-year.ts';
import { desk, serveDeskBackend } from '../../../testing/account-desk-backend.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { renderRoute } from '../../../testing/render-route.tsx';

serveDashboardBackend();
serveDeskBackend();

const admin = { email: 'admin@example.com' };
const lease = (si: number, apartment: string, block: string, name: string) => ({
  email: `${name.toLowerCase()}@example.com`,
  name,
  si,
  apartment,
  block,
  startedAt: '2026-01-01T04:00:00.000Z',
  endedAt: null,
});

describe('the Charges page', () => {
  beforeEach(() => {
    backend.admins.add(admin.email);
    desk.residents = [lease(1, 'A-101', 'A', 'Rahim'), lease(2, 'B-201', 'B', 'Karim')];
    desk.prices = {
      prices: [
        {
          tariff: 'electricity',
          amount: null,
          byBlock: null,
          perUnit: 8.5,
          fixed: 50,
          setAt: '2026-01-01T04:00:00.000Z',
        },
        {
          tariff: 'service',
          amount: 1500,
          byBlock: null,
          perUnit: null,
          fixed: null,
          setAt: '2026-01-01T04:00:00.000Z',
        },
      ],
      meters: [{ si: 1, utility: 'electricity', reading: 1200, readAt: '2026-01-31T04:00:00.000Z' }],
    };
    desk.charges = [
      {
        chargeId: 'c-1',
        si: 1,
        apartment: 'A-101',
        email: 'rahim@example.com',
        description: 'Water: Pump repair',
        amount: 450.5,
        date: '2026-01-02T04:00:00.000Z',
        cancelled: false,
      },
    ];
  });
  afterEach(() => i18next.changeLanguage('en'));

  it('offers every leased apartment of a building with more than a page of residents', async () => {
    const many = Array.from({ length: 60 }, (_, n) =>
      lease(100 + n, `F-${String(n + 1).padStart(3, '0')}`, n % 2 ? 'C' : 'D', `Resident${n + 1}`),
    );
    desk.residents = [...many, { ...lease(999, 'Z-999', 'Z', 'Gone'), endedAt: '2026-01-20T04:00:00.000Z' }];
    const { user } = renderRoute('/dashboard/charges', { signedInAs: admin });
    const form = await screen.findByRole('form', { name: /^Add a charge for/ });
    const apartment = within(form).getByLabelText('Apartment');
    const options = within(apartment)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toHaveLength(60);
    expect(options).toContain('F-060');
    expect(options).not.toContain('Z-999');
    await user.selectOptions(apartment, 'F-057');
    const meters = screen.getByRole('region', { name: 'Meter readings' });
    expect(within(meters).getAllByRole('form', { name: /F-060/ })).toHaveLength(3);
    // 60 leases in force: two pages asked.
    expect(callsTo('GET', '/residents').length).toBeGreaterThanOrEqual(2);
  });

  it('adds a charge to a block for the month picked', async () => {
    const { user } = renderRoute('/dashboard/charges', { signedInAs: admin });
    const form = await screen.findByRole('form', { name: /^Add a charge for/ });
    await user.click(within(form).getByRole('radio', { name: 'A block' }));
    await user.selectOptions(within(form).getByLabelText('Block'), 'B');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'gas');
    await user.type(within(form).getByLabelText(/Amount \(taka\)/), '300.50');
    await user.type(within(form).getByLabelText('Description'), 'Line repair');
    await user.click(within(form).getByRole('button', { name: 'Add charge' }));
    await screen.findByText('Charges added: 2');
    expect(callsTo('POST', '/charges').at(-1)?.body).toEqual({
      ...thisMonth(),
      target: { block: 'B' },
      kind: 'gas',
      amount: '300.50',
      description: 'Line repair',
    });
  });

  it('cancels a charge with a reason, and shows the plan in force', async () => {
    const { user } = renderRoute('/dashboard/charges', { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: 'Cancel charge of ৳ 450.5 on A-101' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Added by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel charge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/charges/cancel').at(-1)?.body).toEqual({
      ...thisMonth(),
      chargeId: 'c-1',
      si: 1,
      reason: 'Added by mistake',
    });
    expect(screen.getByText('৳ 1,500 for every apartment')).toBeInTheDocument();
  });

  it('saves a plan per block and a tariff', async () => {
    const { user } = renderRoute('/dashboard/charges', { signedInAs: admin });
    const plan = await screen.findByRole('form', { name: 'Monthly service charge' });
    await user.click(within(plan).getByRole('radio', { name: 'An amount per block' }));
    await user.type(within(plan).getByLabelText(/Block A/), '1200');
    await user.click(within(plan).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(callsTo('PUT', '/charge-plans/service')).toHaveLength(1));
    expect(callsTo('PUT', '/charge-plans/service')[0]?.body).toEqual({ byBlock: { A: '1200' } });

    const gas = screen.getByRole('form', { name: 'Tariff of Gas' });
    await user.type(within(gas).getByLabelText(/Per unit/), '12');
    await user.click(within(gas).getByRole('button', { name: 'Save Gas' }));
    await waitFor(() => expect(callsTo('PUT', '/tariffs/gas')).toHaveLength(1));
    expect(callsTo('PUT', '/tariffs/gas')[0]?.body).toEqual({ perUnit: '12', fixed: '0' });
  });

  it('takes a meter reading on its row, the last one beside it, and says a refusal there in Bangla', async () => {
    await i18next.changeLanguage('bn');
    const { user } = renderRoute('/dashboard/charges', { signedInAs: admin });
    const field = await screen.findByLabelText('A-101, বিদ্যুৎ-এর নতুন রিডিং');
    const row = field.closest('tr') as HTMLElement;
    expect(within(row).getByText(/১,২০০/)).toBeInTheDocument();
    desk.refusals['/meter-readings'] = {
      status: 400,
      code: 'reading-below-last',
      detail: 'reading 1100 is below the last, 1200',
    };
    await user.type(field, '1100');
    await user.click(within(row).getByRole('button', { name: 'সংরক্ষণ' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(bn.refusals['reading-below-last']);
    expect(callsTo('POST', '/meter-readings').at(-1)?.body).toMatchObject({
      si: 1,
      utility: 'electricity',
      reading: '1100',
    });

    delete desk.refusals['/meter-readings'];
    await user.clear(field);
    await user.type(field, '1300');
    await user.click(within(row).getByRole('button', { name: 'সংরক্ষণ' }));
    expect(await within(row).findByRole('status')).toHaveTextContent('সংরক্ষিত: ৳ ৮৫০ বিল হয়েছে');
  });
});
