import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dashboard, serveDashboardBackend, type StoredPayment } from '../../../testing/dashboard-backend.ts';
import { givenMemberLeasesA103, member } from '../../../testing/member-lease.ts';
import { renderRoute } from '../../../testing/render-route.tsx';

serveDashboardBackend();

const year = new Date().getFullYear();
const paid = (month: StoredPayment['month']): StoredPayment => ({
  _id: `p-${month}`,
  email: member.email,
  name: member.displayName,
  si: 3,
  apartment: 'A-103',
  block: 'A',
  floor: 1,
  month,
  year,
  price: 13000,
  TransactionId: `pi_${month}`,
  time: 1_767_225_600,
  couponCode: null,
  discount: 0,
  status: 'paid',
  refundReason: null,
});

describe('make payment', () => {
  beforeEach(() => {
    // The lease began on 2 January of this year: every month of it is owed.
    givenMemberLeasesA103(new Date(year, 0, 2, 12).toISOString());
  });

  it('offers a card per apartment; the first unpaid month is chosen and Pay carries si, month and year', async () => {
    const { user, currentPath } = renderRoute('/dashboard/memberPayment', { signedInAs: member });
    const card = await screen.findByRole('article', { name: 'Pay rent for apartment A-103' });
    expect(card).toHaveTextContent('Emailrahim@example.com');
    expect(card).toHaveTextContent('Rent৳ 13,000');
    const month = within(card).getByLabelText('Month');
    expect(within(month).getAllByRole('option')).toHaveLength(13);
    expect(month).toHaveValue('January');
    expect(within(card).getByLabelText('Year')).toHaveValue(String(year));
    await user.selectOptions(month, 'March');
    await user.click(within(card).getByRole('link', { name: 'Pay' }));
    expect(currentPath()).toBe(`/dashboard/payment?si=3&month=March&year=${year}`);
  });

  it('marks paid months, which cannot be chosen, and pre-selects the first unpaid one', async () => {
    // A refunded charge paid nothing: its month is still to pay.
    const refunded: StoredPayment = {
      ...paid('March'),
      status: 'refunded',
      refundReason: 'duplicate-charge',
    };
    dashboard.payments = [paid('January'), paid('February'), refunded, paid('April')];
    renderRoute('/dashboard/memberPayment', { signedInAs: member });
    const card = await screen.findByRole('article', { name: 'Pay rent for apartment A-103' });
    const month = within(card).getByLabelText('Month');
    await waitFor(() => expect(month).toHaveValue('March'));
    const options = within(month).getAllByRole('option');
    expect(options.filter((o) => (o as HTMLOptionElement).disabled).map((o) => o.textContent)).toEqual([
      'Select Month',
      'January (paid)',
      'February (paid)',
      'April (paid)',
    ]);
    expect(within(card).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      `/dashboard/payment?si=3&month=March&year=${year}`,
    );
  });
});
