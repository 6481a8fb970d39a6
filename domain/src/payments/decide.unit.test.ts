import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventData } from '@building/events/catalogue';
import { couponIdFor } from '../coupon/coupon-id.ts';
import { specFor } from '../testing/given-when-then.ts';
import { apartment, member, now, requestId } from '../testing/fixtures.ts';
import {
  decidePayment,
  reuseOfOpenIntent,
  secondChargeOf,
  type PaymentCommand,
  type RentPaymentRequest,
} from './decide.ts';
import { rentMetadata, type IntentFacts } from './intent-facts.ts';
import { paymentContextAggregate, type PaymentContext } from './payment-context.ts';
import { evolvePayment, initialPaymentState, owedAgainPoisha } from './payment.ts';

const given = specFor<PaymentCommand, PaymentContext>({ ...paymentContextAggregate, decide: decidePayment });

const mina = member();
const { image: _image, ...terms } = apartment(7, { rent: 12_345 });
const couponId = couponIdFor('SAVE15');

// The history the payment rules read: the lease, the coupon, the month's payment stream.
const Requested: DomainEvent = {
  type: 'AgreementRequested',
  data: {
    ...terms,
    requestId: requestId(1),
    userEmail: mina.email,
    userName: mina.name,
    requestedAt: now.toISOString(),
  },
};
const Leased: DomainEvent = {
  type: 'AgreementAccepted',
  data: {
    ...terms,
    requestId: requestId(1),
    userEmail: mina.email,
    userName: mina.name,
    // Accepted on 20 February 2026 (Dhaka): the lease owes from February on.
    acceptedAt: '2026-02-20T04:00:00.000Z',
  },
};
/** What the payment rules read after the lease and `history`. */
const contextOf = (...history: DomainEvent[]): PaymentContext =>
  [Leased, ...history].reduce(paymentContextAggregate.evolve, paymentContextAggregate.initialState());
const LeaseEnded: DomainEvent = {
  type: 'LeaseEnded',
  data: { si: 7, userEmail: mina.email, endedAt: now.toISOString(), reason: 'member-demoted' },
};
const CouponAdded: DomainEvent = {
  type: 'CouponAdded',
  data: { couponId, code: 'SAVE15', discount: 15, description: 'Fifteen off' },
};
const CouponDisabled: DomainEvent = { type: 'CouponDisabled', data: { couponId } };
const FreeCoupon: DomainEvent = {
  type: 'CouponAdded',
  data: { couponId, code: 'FREE', discount: 100, description: 'All of it' },
};

const march: RentPaymentRequest = { email: mina.email, si: 7, month: 'March', year: 2026 };
const start = (
  request: Partial<RentPaymentRequest> = {},
  amountPoisha = 1_049_325,
  paymentIntentId = 'pi_1',
): PaymentCommand => ({
  type: 'StartRentPayment',
  data: { request: { ...march, code: 'save15', ...request }, paymentIntentId, amountPoisha, now },
});

const started: EventData<'RentPaymentStarted'> = {
  paymentIntentId: 'pi_1',
  si: 7,
  month: 'March',
  year: 2026,
  email: mina.email,
  rentPoisha: 1_234_500,
  discount: 15,
  couponCode: 'SAVE15',
  amountPoisha: 1_049_325,
};
const Started: DomainEvent = { type: 'RentPaymentStarted', data: started };
const limits = (expiresOn: string | null, usageLimit: number | null): DomainEvent => ({
  type: 'CouponLimitsSet',
  data: { couponId, expiresOn, usageLimit },
});
/** March's payment used the coupon. */
const Redeemed: DomainEvent = {
  type: 'CouponRedeemed',
  data: { couponId, si: 7, month: 'March', year: 2026, paymentIntentId: 'pi_1' },
};
const intent = (overrides: Partial<IntentFacts> = {}): IntentFacts => ({
  id: 'pi_1',
  status: 'succeeded',
  amount: 1_049_325,
  currency: 'bdt',
  clientSecret: 'pi_1_secret_x',
  metadata: rentMetadata({
    email: mina.email,
    si: 7,
    month: 'March',
    year: 2026,
    coupon: 'SAVE15',
    amount: 1_049_325,
  }),
  lastError: null,
  ...overrides,
});
const declined = (chargeId = 'ch_1') =>
  intent({
    status: 'requires_payment_method',
    lastError: { code: 'generic_decline', message: 'Your card was declined.', chargeId },
  });
const paidAt = new Date('2026-03-05T10:00:00Z');
const record = (i = intent()): PaymentCommand => ({ type: 'RecordRentPaid', data: { intent: i, paidAt } });
const recordDecline = (i = declined()): PaymentCommand => ({
  type: 'RecordRentPaymentFailed',
  data: { intent: i },
});

const Paid: DomainEvent = {
  type: 'RentPaid',
  data: {
    ...started,
    apartment: terms.apartment,
    block: terms.block,
    floor: terms.floor,
    room: terms.room,
    rent: 12_345,
    transactionId: 'pi_1',
    name: mina.name,
    paidAt: '2026-03-05T10:00:00.000Z',
  },
};
const Failed = (chargeId = 'ch_1'): DomainEvent => ({
  type: 'RentPaymentFailed',
  data: {
    paymentIntentId: 'pi_1',
    si: 7,
    month: 'March',
    year: 2026,
    email: mina.email,
    code: 'generic_decline',
    message: 'Your card was declined.',
    chargeId,
  },
});

describe('rule: only the member’s own active lease is paid', () => {
  it('starts a payment for the member who leases the apartment', () =>
    given(Leased, CouponAdded).when(start()).then(Started));
  it('refuses an apartment nobody leases', () =>
    given(CouponAdded)
      .when(start())
      .thenFails('no-active-lease', /apartment 7/));
  it('refuses someone else’s lease', () =>
    given(Leased)
      .when(start({ email: 'eve@building.test', code: undefined }, 1_234_500))
      .thenFails('no-active-lease'));
  it('refuses a lease that has ended', () =>
    given(Leased, LeaseEnded)
      .when(start({ code: undefined }, 1_234_500))
      .thenFails('no-active-lease'));
});

describe('rule: a payment is for a month the lease owes', () => {
  it('refuses a month before the lease began, naming it', () =>
    given(Leased, CouponAdded)
      .when(start({ month: 'January', year: 2026 }))
      .thenFails(
        'month-outside-lease',
        /January 2026 is outside the lease of apartment 7 \(from February 2026\)/,
      ));
  it('refuses a year before the lease began', () =>
    given(Leased, CouponAdded)
      .when(start({ month: 'March', year: 2025 }))
      .thenFails('month-outside-lease'));
  it('takes the lease’s first month', () =>
    given(Leased, CouponAdded)
      .when(start({ month: 'February' }))
      .then({ type: 'RentPaymentStarted', data: { ...started, month: 'February' } }));
  // `now` is 1 November 2026 in Dhaka: November 2027 is the last month that may be paid ahead.
  it('takes a month 12 months ahead', () =>
    given(Leased, CouponAdded)
      .when(start({ month: 'November', year: 2027 }))
      .then({ type: 'RentPaymentStarted', data: { ...started, month: 'November', year: 2027 } }));
  it('refuses a month more than 12 months ahead, naming it', () =>
    given(Leased, CouponAdded)
      .when(start({ month: 'December', year: 2027 }))
      .thenFails('month-too-far-ahead', /December 2027 is 13 months ahead: at most 12/));
});

describe('rule: only an available coupon applies', () => {
  it('takes the coupon whatever the case of the typed code, recording its own spelling', () =>
    given(Leased, CouponAdded)
      .when(start({ code: 'SaVe15' }))
      .then(Started));
  it('refuses a code no coupon has, naming the field', () =>
    given(Leased)
      .when(start())
      .thenFails('unknown-coupon-code', /save15/));
  it('refuses a disabled coupon', () =>
    given(Leased, CouponAdded, CouponDisabled)
      .when(start())
      .thenFails('coupon-unavailable', /SAVE15/));
  // `now` is 16:00 on 1 November 2026 in Dhaka.
  it('takes a coupon on its last day, and refuses it after', () => {
    given(Leased, CouponAdded, limits('2026-11-01', null)).when(start()).then(Started);
    given(Leased, CouponAdded, limits('2026-10-31', null))
      .when(start())
      .thenFails('coupon-expired', /'SAVE15' expired after 2026-10-31/);
  });
  it('refuses a coupon completed payments used as often as its limit; a payment only started does not count', () => {
    given(Leased, CouponAdded, limits(null, 1), Redeemed)
      .when(start())
      .thenFails('coupon-used-up', /SAVE15/);
    given(Leased, CouponAdded, limits(null, 1), Started)
      .when(start({}, 1_049_325, 'pi_2'))
      .then({ type: 'RentPaymentStarted', data: { ...started, paymentIntentId: 'pi_2' } });
  });
  it('records the payment of a coupon that expired or was used up meanwhile: the money came in', () =>
    given(Leased, CouponAdded, limits('2026-03-01', 1), Started, Redeemed)
      .when(record())
      .then(Paid, Redeemed));
  it('charges the full rent without a coupon', () =>
    given(Leased)
      .when(start({ code: undefined }, 1_234_500))
      .then({
        type: 'RentPaymentStarted',
        data: { ...started, discount: 0, couponCode: null, amountPoisha: 1_234_500 },
      }));
});

describe('rule: a month is paid once', () => {
  it('refuses to start a payment for a month already paid', () =>
    given(Leased, CouponAdded, Started, Paid)
      .when(start({}, 1_049_325, 'pi_2'))
      .thenFails('rent-already-paid', /March 2026/));
  it('records the same started intent once', () =>
    given(Leased, CouponAdded, Started).when(start()).thenNothing());
  it('refuses a second success for a month already paid', () => {
    const other: DomainEvent = { type: 'RentPaymentStarted', data: { ...started, paymentIntentId: 'pi_2' } };
    given(Leased, Started, other, Paid)
      .when(record(intent({ id: 'pi_2' })))
      .thenFails('rent-already-paid');
  });
  it('records a succeeded intent as RentPaid with the lease’s details, once', () => {
    given(Leased, Started).when(record()).then(Paid, Redeemed);
    given(Leased, Started, Paid).when(record()).thenNothing();
  });
  it('records a success that arrives after the lease ended (the money came in)', () =>
    given(Requested, Leased, Started, LeaseEnded).when(record()).then(Paid, Redeemed));
  it('ignores a decline once the month is paid', () =>
    given(Leased, Started, Paid).when(recordDecline()).thenNothing());
});

describe('rule: the server prices the rent in integer poisha', () => {
  it('takes 15% off 12,345 taka: 1,234,500 - 185,175 = 1,049,325 poisha', () =>
    given(Leased, CouponAdded).when(start()).then(Started));
  it('refuses an intent opened for another amount than the quote', () =>
    given(Leased, CouponAdded).when(start({}, 1_000_000)).thenFails('payment-terms-mismatch'));
  it('refuses a coupon that leaves nothing to pay', () =>
    given(Leased, FreeCoupon)
      .when(start({ code: 'free' }, 0))
      .thenFails('nothing-to-pay'));
  it('refuses a success whose amount, currency or metadata differ from the start', () => {
    given(Leased, Started)
      .when(record(intent({ amount: 100 })))
      .thenFails('payment-terms-mismatch', /does not match/);
    given(Leased, Started)
      .when(record(intent({ currency: 'usd' })))
      .thenFails('payment-terms-mismatch', /does not match/);
    given(Leased, Started)
      .when(record(intent({ metadata: { ...intent().metadata, email: 'eve@building.test' } })))
      .thenFails('payment-terms-mismatch', /does not match/);
  });
});

describe('recording what the provider says', () => {
  it('refuses an intent not started for this month, or not finished', () => {
    given(Leased).when(record()).thenFails('payment-not-started');
    given(Leased, Started)
      .when(record(intent({ status: 'processing' })))
      .thenFails('payment-in-progress', /not succeeded/);
  });
  it('refuses to record against an apartment never leased to the payer', () =>
    given(Started)
      .when(record())
      .thenFails('payment-terms-mismatch', /never leased/));
  it('records a decline once per failed charge', () => {
    given(Leased, Started).when(recordDecline()).then(Failed());
    given(Leased, Started, Failed()).when(recordDecline()).thenNothing();
    given(Leased, Started, Failed())
      .when(recordDecline(declined('ch_2')))
      .then(Failed('ch_2'));
  });
});

describe('rule: one open intent per member and month', () => {
  it('hands back an intent the browser can still pay, replaces one that cannot be paid', () => {
    for (const status of ['requires_payment_method', 'requires_confirmation', 'requires_action'])
      expect(reuseOfOpenIntent(status)).toBe('hand-back');
    expect(reuseOfOpenIntent('canceled')).toBe('replace');
  });
  it('records an intent that succeeded meanwhile (the month is then paid)', () =>
    expect(reuseOfOpenIntent('succeeded')).toBe('record-as-paid'));
  it('refuses while the provider is still processing one', () =>
    expect(() => reuseOfOpenIntent('processing')).toThrow(
      expect.objectContaining({ code: 'payment-in-progress' }),
    ));
});

describe('rule: a second charge for a paid month is refunded, once', () => {
  const StartedAgain: DomainEvent = {
    type: 'RentPaymentStarted',
    data: { ...started, paymentIntentId: 'pi_2' },
  };
  const second = intent({ id: 'pi_2', clientSecret: 'pi_2_secret_x' });
  const refundedAt = new Date('2026-03-05T10:01:00Z');
  const refund = (i = second): PaymentCommand => ({
    type: 'RecordRentRefunded',
    data: { intent: i, refund: { id: 're_1', paymentIntentId: i.id, amount: 1_049_325 }, refundedAt },
  });
  const Refunded: DomainEvent = {
    type: 'RentRefunded',
    data: {
      paymentIntentId: 'pi_2',
      refundId: 're_1',
      si: 7,
      month: 'March',
      year: 2026,
      email: mina.email,
      amountPoisha: 1_049_325,
      reason: 'duplicate-charge',
      refundedAt: '2026-03-05T10:01:00.000Z',
    },
  };

  it('refunds an intent of ours that succeeded after another paid the month', () =>
    expect(secondChargeOf(second, contextOf(Started, StartedAgain, Paid))).toEqual({
      kind: 'refund',
      started: { ...started, paymentIntentId: 'pi_2' },
    }));
  it('knows a second charge already refunded', () =>
    expect(secondChargeOf(second, contextOf(Started, StartedAgain, Paid, Refunded))).toEqual({
      kind: 'refunded',
      refund: (Refunded as Extract<DomainEvent, { type: 'RentRefunded' }>).data,
    }));
  it('has nothing to refund: the paying intent, an unpaid month, an intent not ours or not succeeded', () => {
    const nothing = { kind: 'none' };
    expect(secondChargeOf(intent(), contextOf(Started, StartedAgain, Paid))).toEqual(nothing);
    expect(secondChargeOf(second, contextOf(Started, StartedAgain))).toEqual(nothing);
    expect(secondChargeOf(second, contextOf(Started, Paid))).toEqual(nothing);
    expect(
      secondChargeOf({ ...second, status: 'processing' }, contextOf(Started, StartedAgain, Paid)),
    ).toEqual(nothing);
  });
  it('records the refund of the second charge; the month stays paid by the first', () =>
    given(Leased, Started, StartedAgain, Paid).when(refund()).then(Refunded));
  it('records the same refund once (client retry, webhook redelivery)', () =>
    given(Leased, Started, StartedAgain, Paid, Refunded).when(refund()).thenNothing());
  it('still refuses to record the second charge as paid', () =>
    given(Leased, Started, StartedAgain, Paid, Refunded).when(record(second)).thenFails('rent-already-paid'));
  it('refuses a refund of the paying intent, or of a month not paid', () => {
    given(Leased, Started, StartedAgain, Paid)
      .when(refund(intent()))
      .thenFails('payment-terms-mismatch', /not of a second charge/);
    given(Leased, Started, StartedAgain).when(refund()).thenFails('payment-terms-mismatch');
  });
  it('refuses a refund made for another intent', () =>
    given(Leased, Started, StartedAgain, Paid)
      .when({
        type: 'RecordRentRefunded',
        data: { intent: second, refund: { id: 're_9', paymentIntentId: 'pi_9', amount: 1 }, refundedAt },
      })
      .thenFails('payment-terms-mismatch'));
});

describe('rule: a refund made at the provider is recorded, and reopens what it no longer covers', () => {
  const refundedAt = new Date('2026-03-07T09:00:00Z');
  const refunds = (...amounts: number[]): PaymentCommand => ({
    type: 'RecordProviderRefunds',
    data: {
      intent: intent(),
      refunds: amounts.map((amount, i) => ({ id: `re_${i + 1}`, paymentIntentId: 'pi_1', amount })),
      refundedAt,
    },
  });
  const Refunded = (n: number, amountPoisha: number, coveredPoisha = 0): DomainEvent => ({
    type: 'RentRefunded',
    data: {
      paymentIntentId: 'pi_1',
      refundId: `re_${n}`,
      si: 7,
      month: 'March',
      year: 2026,
      email: mina.email,
      amountPoisha,
      reason: 'provider-refund',
      coveredPoisha,
      // Given back in full: SAVE15's discount of March's rent is owed again with it.
      ...(coveredPoisha === 0 ? { discountPoisha: 185_175 } : {}),
      refundedAt: refundedAt.toISOString(),
    },
  });
  const stateOf = (...history: DomainEvent[]) => history.reduce(evolvePayment, initialPaymentState());

  it('records each refund of the paying charge once, full or partial', () => {
    given(Leased, Started, Paid)
      .when(refunds(49_325))
      .then(Refunded(1, 49_325, 1_000_000));
    given(Leased, Started, Paid, Refunded(1, 49_325, 1_000_000))
      .when(refunds(49_325, 1_000_000))
      .then(Refunded(2, 1_000_000, 0));
    given(Leased, Started, Paid, Refunded(1, 49_325, 1_000_000))
      .when(refunds(49_325))
      .thenNothing();
  });
  it("says, of a refund in full, the coupon's discount owed again; of a partial one, none", () => {
    given(Leased, Started, Paid)
      .when(refunds(1_049_325))
      .then(Refunded(1, 1_049_325, 0));
    expect(Refunded(1, 1_049_325, 0).data).toMatchObject({ discountPoisha: 1_234_500 - 1_049_325 });
    given(Leased, Started, Paid)
      .when(refunds(1_049_324))
      .then(Refunded(1, 1_049_324, 1));
    expect(Refunded(1, 1_049_324, 1).data).not.toHaveProperty('discountPoisha');
  });
  it('owes again what a partial refund gave back, and reopens a month refunded in full', () => {
    const partly = stateOf(Started, Paid, Refunded(1, 49_325, 1_000_000));
    expect(partly.paid?.paymentIntentId).toBe('pi_1');
    expect(owedAgainPoisha(partly)).toBe(49_325);
    const whole = stateOf(Started, Paid, Refunded(1, 49_325), Refunded(2, 1_000_000));
    expect(whole.paid).toBeNull();
    expect(owedAgainPoisha(whole)).toBe(0);
  });
  it('lets a month refunded in full be paid again, by a new intent only', () => {
    given(Leased, CouponAdded, Started, Paid, Refunded(1, 1_049_325))
      .when(start({}, 1_049_325, 'pi_3'))
      .then({ type: 'RentPaymentStarted', data: { ...started, paymentIntentId: 'pi_3' } });
    // The refunded intent, reported again as succeeded, pays nothing.
    given(Leased, Started, Paid, Refunded(1, 1_049_325)).when(record()).thenNothing();
    expect(secondChargeOf(intent(), contextOf(Started, Paid, Refunded(1, 1_049_325)))).toEqual({
      kind: 'none',
    });
  });
  describe('a month partly refunded', () => {
    const Part = Refunded(1, 49_325, 1_000_000);
    const dueAgain: EventData<'RentPaymentStarted'> = {
      ...started,
      paymentIntentId: 'pi_3',
      rentPoisha: 49_325,
      discount: 0,
      couponCode: null,
      amountPoisha: 49_325,
    };
    const StartedDueAgain: DomainEvent = { type: 'RentPaymentStarted', data: dueAgain };
    const dueAgainIntent = intent({
      id: 'pi_3',
      amount: 49_325,
      metadata: rentMetadata({
        email: mina.email,
        si: 7,
        month: 'March',
        year: 2026,
        coupon: null,
        amount: 49_325,
      }),
    });
    const PaidDueAgain: DomainEvent = {
      type: 'RentPaid',
      data: {
        ...(Paid as Extract<DomainEvent, { type: 'RentPaid' }>).data,
        ...dueAgain,
        transactionId: 'pi_3',
        paidAt: paidAt.toISOString(),
      },
    };

    it('quotes the part given back, without a coupon', () => {
      given(Leased, CouponAdded, Started, Paid, Part)
        .when(start({ code: undefined }, 49_325, 'pi_3'))
        .then(StartedDueAgain);
      given(Leased, CouponAdded, Started, Paid, Part)
        .when(start({}, 49_325, 'pi_3'))
        .thenFails('coupon-unavailable', /does not apply to the part of March 2026 that was refunded/);
      given(Leased, Started, Paid, Part)
        .when(start({ code: undefined }, 1_234_500, 'pi_3'))
        .thenFails('payment-terms-mismatch');
    });
    it('records the payment of that part, and the month is settled again', () => {
      given(Leased, Started, Paid, Part, StartedDueAgain).when(record(dueAgainIntent)).then(PaidDueAgain);
      const settled = stateOf(Started, Paid, Part, StartedDueAgain, PaidDueAgain);
      expect(owedAgainPoisha(settled)).toBe(0);
      expect(settled.paid?.paymentIntentId).toBe('pi_1');
      given(Leased, Started, Paid, Part, StartedDueAgain, PaidDueAgain)
        .when(record(dueAgainIntent))
        .thenNothing();
      given(Leased, Started, Paid, Part, StartedDueAgain, PaidDueAgain)
        .when(start({ code: undefined }, 49_325, 'pi_4'))
        .thenFails('rent-already-paid');
    });
    it('refunds, as a second charge, a full-price intent that succeeds after the month was paid', () => {
      const StartedFull: DomainEvent = {
        type: 'RentPaymentStarted',
        data: { ...started, paymentIntentId: 'pi_2' },
      };
      const full = intent({ id: 'pi_2' });
      expect(secondChargeOf(full, contextOf(Started, StartedFull, Paid, Part)).kind).toBe('refund');
      expect(secondChargeOf(dueAgainIntent, contextOf(Started, Paid, Part, StartedDueAgain)).kind).toBe(
        'none',
      );
    });
    it('records a refund of the payment of that part too', () =>
      given(Leased, Started, Paid, Part, StartedDueAgain, PaidDueAgain)
        .when({
          type: 'RecordProviderRefunds',
          data: {
            intent: dueAgainIntent,
            refunds: [{ id: 're_9', paymentIntentId: 'pi_3', amount: 49_325 }],
            refundedAt,
          },
        })
        .then({
          type: 'RentRefunded',
          data: {
            ...(Refunded(9, 49_325, 1_000_000) as Extract<DomainEvent, { type: 'RentRefunded' }>).data,
            paymentIntentId: 'pi_3',
          },
        }));
  });
  it('records nothing for a refund of an intent that paid nothing', () =>
    given(Leased, Started).when(refunds(1_049_325)).thenNothing());
});

describe('rule: at most one reminder of each kind for an unpaid month', () => {
  const issuedAt = new Date('2026-03-01T00:05:00Z');
  const remind = (kind: 'due' | 'overdue', email = mina.email): PaymentCommand => ({
    type: 'IssueRentReminder',
    data: { si: 7, month: 'March', year: 2026, email, kind, issuedAt },
  });
  const Reminded = (kind: 'due' | 'overdue'): DomainEvent => ({
    type: 'RentReminderIssued',
    data: {
      si: 7,
      apartment: terms.apartment,
      month: 'March',
      year: 2026,
      email: mina.email,
      name: mina.name,
      kind,
      amountPoisha: 1_234_500,
      items: [{ kind: 'rent', description: '', amountPoisha: 1_234_500 }],
      dueBy: '2026-03-05',
      issuedAt: issuedAt.toISOString(),
    },
  });

  it('reminds the member of the full rent, with their name and apartment', () =>
    given(Leased).when(remind('due')).then(Reminded('due')));
  it('refuses a second reminder of the same kind', () =>
    given(Leased, Reminded('due'))
      .when(remind('due'))
      .thenFails('reminder-already-issued', /due reminder of apartment 7 for March 2026/));
  it('still sends the overdue reminder after the due one', () =>
    given(Leased, Reminded('due')).when(remind('overdue')).then(Reminded('overdue')));
  it('refuses to remind of a month already paid', () =>
    given(Leased, Started, Paid).when(remind('overdue')).thenFails('rent-already-paid'));
  it('refuses to remind someone whose lease ended, or who never leased it', () => {
    given(Leased, LeaseEnded).when(remind('due')).thenFails('no-active-lease');
    given(Leased).when(remind('due', 'eve@building.test')).thenFails('no-active-lease');
  });
});

describe("rule: a card payment pays the month's total", () => {
  // The lease of 12,345 taka a month; March also owes a generator charge and a late fee.
  const account = {
    si: 7,
    apartment: terms.apartment,
    month: 'March',
    year: 2026,
    email: mina.email,
    name: mina.name,
    leaseId: requestId(1),
  } as const;
  const chargeId = '22222222-2222-4222-8222-222222222222';
  const Charged: DomainEvent = {
    type: 'ChargeAdded',
    data: {
      ...account,
      chargeId,
      block: terms.block,
      kind: 'other',
      amountPoisha: 200_000,
      description: 'Generator fuel',
      origin: 'admin',
      addedBy: 'admin@building.test',
      addedAt: '2026-03-02T04:00:00.000Z',
    },
  };
  const LateFee: DomainEvent = {
    type: 'LateFeeCharged',
    data: {
      ...account,
      percent: 5,
      unpaidRentPoisha: 1_234_500,
      amountPoisha: 61_725,
      chargedAt: '2026-03-06T00:00:00.000Z',
    },
  };
  const AtTheDesk = (amountPoisha: number): DomainEvent => ({
    type: 'OfflinePaymentRecorded',
    data: {
      ...account,
      paymentId: '33333333-3333-4333-8333-333333333333',
      method: 'bkash',
      reference: 'BK-1',
      amountPoisha,
      recordedBy: 'admin@building.test',
      recordedAt: '2026-03-03T04:00:00.000Z',
    },
  });
  const rentItem = (amountPoisha: number) => ({ kind: 'rent' as const, description: '', amountPoisha });
  const chargeItem = (amountPoisha = 200_000) => ({
    kind: 'charge' as const,
    chargeId,
    description: 'Generator fuel',
    amountPoisha,
  });
  const feeItem = { kind: 'late-fee' as const, description: '', amountPoisha: 61_725 };
  const startedWhole = (
    items: EventData<'RentPaymentStarted'>['items'] & object,
    more: Partial<EventData<'RentPaymentStarted'>> = {},
  ): EventData<'RentPaymentStarted'> => ({
    ...started,
    paymentIntentId: 'pi_2',
    amountPoisha: items.reduce((sum, i) => sum + i.amountPoisha, 0),
    items,
    ...more,
  });
  const StartedWhole = (...args: Parameters<typeof startedWhole>): DomainEvent => ({
    type: 'RentPaymentStarted',
    data: startedWhole(...args),
  });
  const noCoupon = { discount: 0, couponCode: null };

  it('prices the rent after the coupon, the open charges and the late fee, item by item', () =>
    given(Leased, CouponAdded, Charged, LateFee)
      .when(start({}, 1_311_050, 'pi_2'))
      .then(StartedWhole([rentItem(1_049_325), chargeItem(), feeItem])));
  it('takes off what was paid at the desk, from the rent first; the coupon still applies to the rent', () => {
    given(Leased, CouponAdded, Charged, AtTheDesk(500_000))
      .when(start({}, 749_325, 'pi_2'))
      .then(StartedWhole([rentItem(549_325), chargeItem()]));
    given(Leased, Charged, AtTheDesk(1_300_000))
      .when(start({ code: undefined }, 134_500, 'pi_2'))
      .then(StartedWhole([chargeItem(134_500)], noCoupon));
  });
  it('keeps a month whose rent a card paid payable while a charge is open, without a coupon', () => {
    given(Leased, Started, Paid, Charged)
      .when(start({ code: undefined }, 200_000, 'pi_2'))
      .then(StartedWhole([chargeItem()], noCoupon));
    given(Leased, CouponAdded, Started, Paid, Charged)
      .when(start({}, 200_000, 'pi_2'))
      .thenFails('coupon-unavailable', /applies to rent only/);
  });
  it('refuses a month that owes nothing more, whoever paid it', () => {
    given(Leased, Started, Paid, Charged, AtTheDesk(200_000))
      .when(start({ code: undefined }, 200_000, 'pi_2'))
      .thenFails('rent-already-paid');
    given(Leased, Charged, AtTheDesk(1_434_500))
      .when(start({ code: undefined }, 0, 'pi_2'))
      .thenFails('rent-already-paid');
  });

  const wholeIntent = (data: EventData<'RentPaymentStarted'>) =>
    intent({
      id: data.paymentIntentId,
      amount: data.amountPoisha,
      metadata: rentMetadata({
        email: mina.email,
        si: 7,
        month: 'March',
        year: 2026,
        coupon: data.couponCode,
        amount: data.amountPoisha,
        items: data.items,
      }),
    });
  const whole = startedWhole([rentItem(1_049_325), chargeItem(), feeItem]);

  it('records what the intent itemised on the RentPaid', () =>
    given(Leased, Charged, LateFee, { type: 'RentPaymentStarted', data: whole })
      .when(record(wholeIntent(whole)))
      .then(
        {
          type: 'RentPaid',
          data: {
            ...(Paid as Extract<DomainEvent, { type: 'RentPaid' }>).data,
            paymentIntentId: 'pi_2',
            transactionId: 'pi_2',
            amountPoisha: 1_311_050,
            items: whole.items,
          },
        },
        {
          type: 'CouponRedeemed',
          data: { couponId, si: 7, month: 'March', year: 2026, paymentIntentId: 'pi_2' },
        },
      ));
  it("refuses an intent whose metadata does not list the start's items", () =>
    given(Leased, Charged, LateFee, { type: 'RentPaymentStarted', data: whole })
      .when(record({ ...wholeIntent(whole), metadata: { ...wholeIntent(whole).metadata, items: 'rent 1' } }))
      .thenFails('payment-terms-mismatch'));
  it('refunds, as a second charge, an intent for more than the month still owes (the desk took it meanwhile)', () => {
    expect(secondChargeOf(intent(), contextOf(Started, AtTheDesk(1_234_500))).kind).toBe('refund');
    given(Leased, Started, AtTheDesk(1_234_500)).when(record()).thenFails('rent-already-paid');
    // A charge's payment after the rent's is no second charge.
    const chargeAlone = startedWhole([chargeItem()], noCoupon);
    expect(
      secondChargeOf(
        wholeIntent(chargeAlone),
        contextOf(Started, Paid, Charged, { type: 'RentPaymentStarted', data: chargeAlone }),
      ).kind,
    ).toBe('none');
  });
  it('reminds the member of what the month still owes, the charges included', () =>
    given(Leased, Charged, AtTheDesk(500_000))
      .when({
        type: 'IssueRentReminder',
        data: { si: 7, month: 'March', year: 2026, email: mina.email, kind: 'due', issuedAt: paidAt },
      })
      .then({
        type: 'RentReminderIssued',
        data: {
          si: 7,
          apartment: terms.apartment,
          month: 'March',
          year: 2026,
          email: mina.email,
          name: mina.name,
          kind: 'due',
          amountPoisha: 934_500,
          // The desk's 5,000 taka paid the rent first: what is left of it, and the charge, named.
          items: [rentItem(734_500), { ...chargeItem(), charge: 'other' }],
          dueBy: '2026-03-05',
          issuedAt: paidAt.toISOString(),
        },
      }));
});
