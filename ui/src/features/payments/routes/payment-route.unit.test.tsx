import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http } from 'msw';
import { env } from '../../../lib/env.ts';
import { backend, callsTo, coupon } from '../../../testing/backend.ts';
import { problem } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';
import { dashboard, sandboxUrl, serveDashboardBackend } from '../../../testing/dashboard-backend.ts';
import { givenMemberLeasesA103, member } from '../../../testing/member-lease.ts';
import { renderRoute } from '../../../testing/render-route.tsx';
import { bn } from '../../../i18n/bn.ts';

serveDashboardBackend();

const path = '/dashboard/payment?si=3&month=March&year=2026';

// The payment sandbox's own Stripe.js stand-in, on the page before the card form asks for Stripe
// (loaded by path so the UI's type-check does not follow it into the services' code).
beforeAll(async () => {
  const modulePath = new URL('../../../../../tools/payment-sandbox/src/stripe-js-routes.ts', import.meta.url)
    .pathname;
  const { stripeJsScript } = (await import(/* @vite-ignore */ modulePath)) as {
    stripeJsScript: (origin: string) => string;
  };
  new Function(stripeJsScript(sandboxUrl))();
});

async function typeCard(user: ReturnType<typeof renderRoute>['user'], number: string) {
  const card = await screen.findByRole('group', { name: 'Card details' });
  await user.type(within(card).getByLabelText('Card number'), number);
  await user.type(within(card).getByLabelText('Expiration date MM / YY'), '1234');
  await user.type(within(card).getByLabelText('CVC'), '123');
}

const amount = (label: string) => screen.getByLabelText(label);

describe('payment', () => {
  beforeEach(() => {
    givenMemberLeasesA103('2026-04-02');
    backend.coupons.push(
      coupon({ _id: 'c3', code: 'OLD5', discount: 5, description: 'Expired', status: 'unavailable' }),
    );
  });

  it('prices the month on the server, pays by card, shows the transaction id and records the payment', async () => {
    const { user } = renderRoute(path, { signedInAs: member });
    await waitFor(() => expect(amount('Net Rent')).toHaveTextContent('৳ 13,000'));
    expect(amount('Payable Amount')).toHaveTextContent('৳ 13,000');
    expect(callsTo('POST', '/create-payment-intent')[0]?.body).toEqual({ si: 3, month: 'March', year: 2026 });
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(pay).toBeDisabled();

    await typeCard(user, '4242424242424242');
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(await screen.findByText('Payment received successfully!')).toBeInTheDocument();
    expect(screen.getByText('pi_1')).toHaveClass('transaction-id');
    expect(callsTo('POST', '/v1/payment_methods')[0]?.body).toMatchObject({
      'billing_details[email]': member.email,
      'billing_details[name]': 'Rahim Member',
    });
    await waitFor(() => expect(callsTo('POST', '/payment')[0]?.body).toEqual({ paymentIntentId: 'pi_1' }));
    expect(await screen.findByRole('link', { name: 'See your payment history' })).toBeInTheDocument();
    expect(dashboard.payments).toHaveLength(1);
  });

  it('says a second charge for a month already paid was refunded, instead of a receipt', async () => {
    server.use(
      http.post(`${env.commandUrl}/payment`, () =>
        problem(409, 'March 2026 was already paid: refunded', 'Conflict', 'second-charge-refunded'),
      ),
    );
    const { user } = renderRoute(path, { signedInAs: member });
    await waitFor(() => expect(amount('Payable Amount')).toHaveTextContent('৳ 13,000'));
    await typeCard(user, '4242424242424242');
    const pay = screen.getByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Charge refunded');
    expect(alert).toHaveTextContent(
      'This month was already paid, so this second charge was refunded to your card.',
    );
    expect(within(alert).getByRole('link', { name: 'See your payment history' })).toBeInTheDocument();
    expect(screen.queryByText('Payment received')).toBeNull();
  });

  it('applies only an available coupon, priced by the server', async () => {
    const { user } = renderRoute(path, { signedInAs: member });
    await waitFor(() => expect(amount('Payable Amount')).toHaveTextContent('৳ 13,000'));
    const input = screen.getByLabelText('Coupon code');
    const apply = screen.getByRole('button', { name: 'Apply coupon' });
    expect(apply).toBeDisabled();
    await user.type(input, 'nope7'); // no coupon has it: the server says so, naming the code
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent('No available coupon has the code NOPE7.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, 'old5'); // known, but no longer available: the server says why
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon is not available.');
    expect(callsTo('POST', '/create-payment-intent')).toHaveLength(3);
    await user.clear(input);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(input, 'welcome10');
    expect(apply).toBeEnabled();
    await user.click(apply);
    await waitFor(() => expect(amount('Payable Amount')).toHaveTextContent('৳ 11,700'));
    expect(amount('Net Rent')).toHaveTextContent('৳ 13,000');
    expect(screen.getByText('Coupon WELCOME10 applied: 10% off.')).toBeInTheDocument();
    expect(callsTo('POST', '/create-payment-intent')[3]?.body).toEqual({
      si: 3,
      month: 'March',
      year: 2026,
      code: 'WELCOME10',
    });
  });

  it('keeps the full price and says why when the server refuses the coupon', async () => {
    const { user } = renderRoute(path, { signedInAs: member });
    await waitFor(() => expect(amount('Payable Amount')).toHaveTextContent('৳ 13,000'));
    await user.type(screen.getByLabelText('Coupon code'), 'SUMMER15');
    // Switched off by an admin after the page read the coupons.
    const coupon = backend.coupons.find((c) => c.code === 'SUMMER15');
    if (coupon) coupon.status = 'unavailable';
    await user.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon is not available.');
    expect(amount('Payable Amount')).toHaveTextContent('৳ 13,000');
  });

  it('says so, in English and in Bangla, when the coupon expired or was used up meanwhile', async () => {
    const { user } = renderRoute(path, { signedInAs: member });
    await waitFor(() => expect(amount('Payable Amount')).toHaveTextContent('৳ 13,000'));
    const summer = backend.coupons.find((c) => c.code === 'SUMMER15')!;
    summer.expiresOn = '2026-01-31';
    await user.type(screen.getByLabelText('Coupon code'), 'SUMMER15');
    await user.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon has expired.');
    expect(amount('Payable Amount')).toHaveTextContent('৳ 13,000');

    Object.assign(summer, { expiresOn: null, usageLimit: 3, uses: 3 });
    await act(() => i18next.changeLanguage('bn'));
    await user.click(screen.getByRole('button', { name: bn.pages.apply }));
    expect(await screen.findByText(bn.refusals['coupon-used-up'])).toBeInTheDocument();
  });

  it('shows a declined card in a lasting alert under Pay and records nothing', async () => {
    const { user } = renderRoute(path, { signedInAs: member });
    await waitFor(() => expect(amount('Net Rent')).toHaveTextContent('৳ 13,000'));
    await typeCard(user, '4000000000000002');
    const pay = screen.getByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(callsTo('POST', '/payment')).toHaveLength(0);
    expect(screen.queryByText(/Transaction ID/)).toBeNull();
  });

  it('says once that a month is already paid, and offers no amounts and no Pay', async () => {
    dashboard.payments.push({
      _id: 'p1',
      email: member.email,
      name: member.displayName,
      si: 3,
      apartment: 'A-103',
      block: 'A',
      floor: 1,
      month: 'March',
      year: 2026,
      price: 13000,
      TransactionId: 'pi_old',
      time: 1_767_225_600,
      couponCode: null,
      discount: 0,
      status: 'paid',
      refundReason: null,
    });
    renderRoute(path, { signedInAs: member });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The rent of apartment A-103 for March 2026 is already paid.');
    expect(screen.getAllByText(/already paid/)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.queryByLabelText('Net Rent')).toBeNull();
    expect(within(alert).getByRole('link', { name: 'Choose another month' })).toHaveAttribute(
      'href',
      '/dashboard/memberPayment',
    );
  });

  it('names the apartment, not its serial', async () => {
    renderRoute(path, { signedInAs: member });
    expect(await screen.findByText('Apartment A-103 · Block A · March 2026')).toBeInTheDocument();
    expect(screen.queryByText(/Apartment 3\b/)).toBeNull();
  });

  it("sends a member with a link to someone else's apartment to their own, saying why", async () => {
    const { currentPath } = renderRoute('/dashboard/payment?si=5&month=March&year=2026', {
      signedInAs: member,
    });
    expect(await screen.findByText(/for an apartment you do not lease/)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/dashboard/memberPayment'));
    expect(callsTo('POST', '/create-payment-intent')).toHaveLength(0);
    expect(localStorage.getItem('access-token')).not.toBeNull();
  });

  it('sends a signed-in user who is not a member to their dashboard, still signed in, saying why', async () => {
    const stranger = { email: 'karim@example.com', displayName: 'Karim User' };
    const { currentPath } = renderRoute(path, { signedInAs: stranger });
    expect(await screen.findByText(/That page is for members/)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/dashboard/userProfile'));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(callsTo('POST', '/create-payment-intent')).toHaveLength(0);
  });

  it('explains an incomplete link', async () => {
    renderRoute('/dashboard/payment?si=3', { signedInAs: member });
    expect(await screen.findByText(/This payment link is incomplete/)).toBeInTheDocument();
    expect(callsTo('POST', '/create-payment-intent')).toHaveLength(0);
  });
});
