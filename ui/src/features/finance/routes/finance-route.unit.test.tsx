import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { MonthlyStatementResponse } from '@building/events/books/statement';
import { expenseCategories } from '@building/events/catalogue';
import { i18next } from '../../../i18n/i18n.ts';
import { env } from '../../../lib/env.ts';
import { backend, callsTo } from '../../../testing/backend.ts';
import { serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { recordCall } from '../../../testing/record-call.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { server } from '../../../testing/server.ts';

serveDashboardBackend();

const admin = { email: 'admin@example.com', displayName: 'Ayesha Admin' };
const kinds = [
  'rent',
  'rent-discounts',
  'service',
  'utilities',
  'other-charges',
  'late-fees',
  'deposit-deductions',
] as const;
const statement: MonthlyStatementResponse = {
  month: '2026-11',
  income: {
    byKind: kinds.map((kind) => ({
      kind,
      amount: kind === 'rent' ? 62_000 : kind === 'rent-discounts' ? -1_550 : 0,
    })),
    total: 60_450,
  },
  expenses: {
    byCategory: expenseCategories.map((category) => ({
      category,
      amount: category === 'repairs' ? 3_500.5 : category === 'salaries' ? 24_000 : 0,
    })),
    total: 27_500.5,
  },
  net: 32_949.5,
  billed: 60_450,
  collected: 45_000,
  collectionRate: 0.7444,
  receivables: 15_450,
  depositsHeld: 124_000,
  trend: Array.from({ length: 12 }, (_, i) => ({
    month: `${i === 0 ? 2025 : 2026}-${String(i === 0 ? 12 : i).padStart(2, '0')}`,
    income: 1_000 * i,
    expenses: 500 * i,
    net: 500 * i,
    collectionRate: i === 0 ? null : 0.9,
  })),
};

function serveStatement() {
  server.use(
    http.get(`${env.queryUrl}/statements/monthly`, async ({ request }) => {
      await recordCall(request);
      return HttpResponse.json(statement);
    }),
    http.post(`${env.commandUrl}/expenses`, async ({ request }) => {
      await recordCall(request);
      return HttpResponse.json({ insertedId: 'e1', position: backend.nextPosition++ });
    }),
  );
}

describe('finance', () => {
  afterEach(() => i18next.changeLanguage('en'));

  it("shows the month's statement, its chart and the downloads", async () => {
    backend.admins.add(admin.email);
    serveStatement();
    renderRoute('/dashboard/finance', { signedInAs: admin });
    const table = await screen.findByRole('table');
    const row = (item: string) =>
      within(table).getByRole('cell', { name: item }).closest('tr') as HTMLElement;
    expect(within(row('Rent')).getByText('৳ 62,000')).toBeInTheDocument();
    expect(within(row('Coupon discounts')).getByText('৳ -1,550')).toBeInTheDocument();
    expect(within(row('Repairs')).getByText('৳ 3,500.5')).toBeInTheDocument();
    expect(within(row('Net')).getByText('৳ 32,949.5')).toBeInTheDocument();
    expect(within(row('Collection rate')).getByText('74.4%')).toBeInTheDocument();
    expect(within(table).queryByRole('cell', { name: 'Gas' })).toBeNull();
    expect(
      await screen.findByRole('img', { name: /Income and expenses, last 12 months/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    const [call] = callsTo('GET', '/statements/monthly');
    expect(call).toBeDefined();
  });

  it('says it in Bangla', async () => {
    await i18next.changeLanguage('bn');
    backend.admins.add(admin.email);
    serveStatement();
    renderRoute('/dashboard/finance', { signedInAs: admin });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('cell', { name: 'মেরামত' })).toBeInTheDocument();
    expect(within(table).getByText('৳ ৩,৫০০.৫')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /গত ১২ মাসের আয় ও খরচ/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV নামান' })).toBeInTheDocument();
  });

  it('records an expense in taka as typed, then the statement is read again', async () => {
    backend.admins.add(admin.email);
    serveStatement();
    const { user } = renderRoute('/dashboard/finance', { signedInAs: admin });
    const form = (await screen.findByRole('heading', { name: 'Record an expense' })).closest(
      'form',
    ) as HTMLElement;
    await user.type(within(form).getByLabelText(/^Paid to/), 'Karim Plumbing');
    await user.type(within(form).getByLabelText(/^Amount \(taka\)/), '3500.50');
    const reads = callsTo('GET', '/statements/monthly').length;
    await user.click(within(form).getByRole('button', { name: 'Record expense' }));
    await waitFor(() => expect(callsTo('POST', '/expenses')).toHaveLength(1));
    expect(callsTo('POST', '/expenses')[0]!.body).toMatchObject({
      category: 'repairs',
      vendor: 'Karim Plumbing',
      amount: '3500.50',
      paidFrom: 'cash',
    });
    await waitFor(() => expect(callsTo('GET', '/statements/monthly').length).toBeGreaterThan(reads));
  });
});
