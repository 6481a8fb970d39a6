import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import type { Caller } from '@building/domain/command-handling/caller';
import { accepted, apartment, registered } from '@building/domain/testing/fixtures';
import { httpSpecFor } from '../testing/http-spec.ts';
import { person } from '../testing/people.ts';
import { nextUnique, startTestService, type TestService } from '../testing/test-service.ts';

/** Charges over HTTP: to one apartment, a block or all, each owed by its month's lease holder. */
let t: TestService;
let given: ReturnType<typeof httpSpecFor>;
beforeAll(async () => {
  t = await startTestService();
  given = httpSpecFor(t);
});
afterAll(() => t.close());

const since = new Date('2026-11-26T04:00:00.000Z');

describe('POST /charges', () => {
  it('charges every leased apartment of a block, leaving out the unleased, and cancels one', async () => {
    const desk = person('admin', 'desk');
    const block = `Q${nextUnique()}`;
    const [a, b] = [person('member', 'ana'), person('member', 'bo')];
    const [siA, siB, siFree] = [900_000 + nextUnique(), 900_000 + nextUnique(), 900_000 + nextUnique()];
    const list = (si: number): DomainEvent => ({ type: 'ApartmentListed', data: apartment(si, { block }) });
    const lease = (who: Caller, si: number): DomainEvent => {
      const event = accepted(who, si, si, since);
      return event.type === 'AgreementAccepted' ? { ...event, data: { ...event.data, block } } : event;
    };
    const charge = {
      method: 'POST' as const,
      path: '/charges',
      as: desk.email,
      body: {
        target: { block },
        kind: 'water',
        month: 'December',
        year: 2026,
        amount: '450.50',
        description: 'Pump repair',
      },
    };
    const chargedTo = (who: Caller, si: number): DomainEvent => ({
      type: 'ChargeAdded',
      data: {
        si,
        apartment: '3A01',
        month: 'December',
        year: 2026,
        email: who.email,
        name: who.name,
        leaseId: expect.any(String),
        chargeId: expect.any(String),
        block,
        kind: 'water',
        amountPoisha: 45_050,
        description: 'Pump repair',
        origin: 'admin',
        addedBy: desk.email,
        addedAt: expect.any(String),
      },
    });
    const reply = await given(
      registered(desk),
      { type: 'AdminGranted', data: { email: desk.email } },
      list(siA),
      list(siB),
      list(siFree),
      lease(a, siA),
      lease(b, siB),
    )
      .when(charge)
      .then({ status: 200, body: { apartments: 2 } }, chargedTo(a, siA), chargedTo(b, siB));

    await given()
      .when({ ...charge, body: { ...charge.body, target: { si: siFree } } })
      .thenRefused('apartment-not-leased', 409);
    const cancel = {
      method: 'POST' as const,
      path: '/charges/cancel',
      as: desk.email,
      body: {
        chargeId: reply.body.insertedIds[0],
        si: siA,
        month: 'December',
        year: 2026,
        reason: 'Not their pump',
      },
    };
    await given()
      .when(cancel)
      .then(
        { status: 200, body: { modifiedCount: 1 } },
        {
          type: 'ChargeCancelled',
          data: {
            chargeId: reply.body.insertedIds[0],
            si: siA,
            month: 'December',
            year: 2026,
            email: a.email,
            amountPoisha: 45_050,
            kind: 'water',
            reason: 'Not their pump',
            cancelledBy: desk.email,
            cancelledAt: expect.any(String),
          },
        },
      );
    await given().when(cancel).thenRefused('charge-already-cancelled', 409);
    await given()
      .when({ ...charge, body: { ...charge.body, target: { si: siA }, month: 'October' } })
      .thenRefused('apartment-not-leased', 409);
  });

  it('refuses an unknown kind, a zero or three-decimal amount, a bad target, naming the field', async () => {
    const desk = person('admin', 'desk');
    const body = {
      target: 'all',
      kind: 'service',
      month: 'December',
      year: 2026,
      amount: 100,
      description: '',
    };
    const post = (patch: Record<string, unknown>) => ({
      method: 'POST' as const,
      path: '/charges',
      as: desk.email,
      body: { ...body, ...patch },
    });
    for (const [patch, field] of [
      [{ kind: 'internet' }, 'kind'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 1.005 }, 'amount'],
      [{ target: 'everyone' }, 'target'],
    ] as const) {
      const reply = await given().when(post(patch)).thenRefused('invalid-input', 400);
      expect(reply.body.errors[0].field).toBe(field);
    }
  });
});
