import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventData } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { apartment, member } from '../testing/fixtures.ts';
import { decidePayment, type LeaseTerms, type PaymentCommand } from './payment-decider.ts';
import { paymentAggregate } from './payment.ts';
import { rentMetadata, type IntentFacts } from './intent-facts.ts';

const given = specFor<PaymentCommand, ReturnType<typeof paymentAggregate.initialState>>({
  ...paymentAggregate,
  decide: decidePayment,
});

const mina = member();
const { image: _image, ...terms } = apartment(7, { rent: 12_345 });
const lease: LeaseTerms = { ...terms, userEmail: mina.email, userName: mina.name };
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
const declined = intent({
  status: 'requires_payment_method',
  lastError: { code: 'generic_decline', message: 'Your card was declined.', chargeId: 'ch_1' },
});
const paidAt = new Date('2026-03-05T10:00:00Z');
const record = (i: IntentFacts): PaymentCommand => ({
  type: 'RecordRentPaid',
  data: { intent: i, lease, paidAt },
});

const Started: DomainEvent = { type: 'RentPaymentStarted', data: started };
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
const Failed: DomainEvent = {
  type: 'RentPaymentFailed',
  data: {
    paymentIntentId: 'pi_1',
    si: 7,
    month: 'March',
    year: 2026,
    email: mina.email,
    code: 'generic_decline',
    message: 'Your card was declined.',
    chargeId: 'ch_1',
  },
};

describe('the payment stream of one apartment and month', () => {
  it('starts a payment once per intent', () => {
    given().when({ type: 'StartRentPayment', data: started }).then(Started);
    given(Started).when({ type: 'StartRentPayment', data: started }).thenNothing();
  });

  it('refuses to start a payment for a month already paid', () => {
    given(Started, Paid)
      .when({ type: 'StartRentPayment', data: { ...started, paymentIntentId: 'pi_2' } })
      .thenFails(409, /already paid/);
  });

  it('records a succeeded intent as RentPaid with the spec fields, once', () => {
    given(Started).when(record(intent())).then(Paid);
    given(Started, Paid).when(record(intent())).thenNothing();
  });

  it('refuses an intent not started here, or whose amount, currency, metadata or status differ', () => {
    given()
      .when(record(intent()))
      .thenFails(409, /not started/);
    given(Started)
      .when(record(intent({ amount: 100 })))
      .thenFails(409, /does not match/);
    given(Started)
      .when(record(intent({ currency: 'usd' })))
      .thenFails(409, /does not match/);
    given(Started)
      .when(record(intent({ metadata: { ...intent().metadata, email: 'eve@building.test' } })))
      .thenFails(409, /does not match/);
    given(Started)
      .when(record(intent({ status: 'processing' })))
      .thenFails(409, /not succeeded/);
  });

  it('refuses to record against a lease of someone else', () => {
    given(Started)
      .when({
        type: 'RecordRentPaid',
        data: { intent: intent(), lease: { ...lease, userEmail: 'x@y.test' }, paidAt },
      })
      .thenFails(409, /not leased/);
  });

  it('refuses a second success for a month already paid', () => {
    const other: DomainEvent = { type: 'RentPaymentStarted', data: { ...started, paymentIntentId: 'pi_2' } };
    given(Started, other, Paid)
      .when(record(intent({ id: 'pi_2' })))
      .thenFails(409, /already paid/);
  });

  it('records a decline once per failed charge', () => {
    given(Started)
      .when({ type: 'RecordRentPaymentFailed', data: { intent: declined } })
      .then(Failed);
    given(Started, Failed)
      .when({ type: 'RecordRentPaymentFailed', data: { intent: declined } })
      .thenNothing();
    const retried = { ...declined, lastError: { ...declined.lastError!, chargeId: 'ch_2' } };
    const failedAgain = decidePayment(
      { type: 'RecordRentPaymentFailed', data: { intent: retried } },
      [Started, Failed].reduce(paymentAggregate.evolve, paymentAggregate.initialState()),
    );
    expect(failedAgain).toEqual([{ ...Failed, data: { ...Failed.data, chargeId: 'ch_2' } }]);
  });

  it('ignores a decline once the month is paid', () => {
    given(Started, Paid)
      .when({ type: 'RecordRentPaymentFailed', data: { intent: declined } })
      .thenNothing();
  });
});
