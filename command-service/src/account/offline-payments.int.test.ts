import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { pdfPageText } from '@building/infra/receipts/pdf-text';
import { accepted, apartment } from '@building/domain/testing/fixtures';
import { httpSpecFor } from '../testing/http-spec.ts';
import { person, joined } from '../testing/people.ts';
import { nextUnique, startTestService, type TestService } from '../testing/test-service.ts';

/** Offline payments over HTTP: recorded by an admin, once per reference, never above what is owed. */
let t: TestService;
let given: ReturnType<typeof httpSpecFor>;
beforeAll(async () => {
  t = await startTestService();
  given = httpSpecFor(t);
});
afterAll(() => t.close());

const leasedSince = new Date('2026-11-26T04:00:00.000Z');

/** A fresh admin, member and apartment (rent 24,000 taka) leased since 26 November 2026. */
function building() {
  const [desk, mina, si] = [person('admin', 'desk'), person('member', 'mina'), 900_000 + nextUnique()];
  const history = [
    ...joined(desk),
    ...joined(mina),
    { type: 'ApartmentListed', data: apartment(si) } as DomainEvent,
    accepted(mina, si, si, leasedSince),
  ];
  const pay = (amount: unknown, reference = 'TXN8H2K', more: Record<string, unknown> = {}) => ({
    method: 'POST' as const,
    path: '/payments/offline',
    as: desk.email,
    body: {
      email: mina.email,
      si,
      month: 'December',
      year: 2026,
      method: 'bkash',
      reference,
      amount,
      ...more,
    },
  });
  return { desk, mina, si, history, pay };
}

const recordedBy = (
  b: ReturnType<typeof building>,
  amountPoisha: number,
  reference = 'TXN8H2K',
): DomainEvent => ({
  type: 'OfflinePaymentRecorded',
  data: {
    si: b.si,
    apartment: '3A01',
    month: 'December',
    year: 2026,
    email: b.mina.email,
    name: b.mina.name,
    leaseId: expect.any(String),
    paymentId: expect.any(String),
    method: 'bkash',
    reference,
    amountPoisha,
    recordedBy: b.desk.email,
    recordedAt: expect.any(String),
  },
});

describe('POST /payments/offline', () => {
  it('records part of a month by bKash, then records the same reference only once', async () => {
    const b = building();
    const first = await given(...b.history)
      .when(b.pay('10000.50'))
      .then({ status: 200, body: { recorded: true } }, recordedBy(b, 1_000_050));
    const again = await given()
      .when(b.pay(10000.5))
      .then({ status: 200, body: { recorded: false } });
    expect(again.body.paymentId).toBe(first.body.paymentId);
  });

  it('refuses more than the month owes, a month before the lease, a non-admin', async () => {
    const b = building();
    await given(...b.history)
      .when(b.pay(24_000.01))
      .thenRefused('payment-exceeds-owed', 409);
    await given()
      .when(b.pay(100, 'R1', { month: 'October' }))
      .thenRefused('month-outside-lease', 400);
    await given()
      .when({ ...b.pay(100), as: b.mina.email })
      .thenRefused('admin-only', 403);
  });

  it('refuses zero, negative and three-decimal amounts and unknown methods, naming the field', async () => {
    const b = building();
    for (const amount of [0, -5, '10.123', 10.001, 'ten']) {
      const reply = await given(...b.history)
        .when(b.pay(amount))
        .thenRefused('invalid-input', 400);
      expect(reply.body.errors).toEqual([expect.objectContaining({ field: 'amount' })]);
    }
    const reply = await given()
      .when(b.pay(100, 'R', { method: 'cheque' }))
      .thenRefused('invalid-input', 400);
    expect(reply.body.errors).toEqual([expect.objectContaining({ field: 'method' })]);
  });

  it('gives the member a receipt naming the method and reference, and reverses it once with a reason', async () => {
    const b = building();
    const { body } = await given(...b.history)
      .when(b.pay(5000, 'BK-77'))
      .then({ status: 200 }, recordedBy(b, 500_000, 'BK-77'));
    const receipt = await fetch(`${t.url}/payments/${body.paymentId}/receipt`, {
      headers: { authorization: `Bearer ${await t.tokenFor(b.mina.email)}` },
    });
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const text = pdfPageText(Buffer.from(await receipt.arrayBuffer()));
    expect(text).toContain('bKash');
    expect(text).toContain('BK-77');
    expect(text).toContain('৳ 5,000 (BDT)');

    const reverse = {
      method: 'POST' as const,
      path: '/payments/offline/reverse',
      as: b.desk.email,
      body: { paymentId: body.paymentId, si: b.si, month: 'December', year: 2026, reason: 'Wrong flat' },
    };
    await given()
      .when(reverse)
      .then(
        { status: 200, body: { modifiedCount: 1 } },
        {
          type: 'PaymentReversed',
          data: {
            paymentId: body.paymentId,
            si: b.si,
            month: 'December',
            year: 2026,
            email: b.mina.email,
            amountPoisha: 500_000,
            method: 'bkash',
            reason: 'Wrong flat',
            reversedBy: b.desk.email,
            reversedAt: expect.any(String),
          },
        },
      );
    await given().when(reverse).thenRefused('payment-already-reversed', 409);
    const events = await t.eventsOf(streams.payment(b.si, 2026, 'December'));
    expect(events.map((e) => e.type)).toEqual(['OfflinePaymentRecorded', 'PaymentReversed']);
  });
});
