import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import type { Caller } from '@building/domain/command-handling/caller';
import { accepted, apartment, registered } from '@building/domain/testing/fixtures';
import { httpSpecFor } from '../testing/http-spec.ts';
import { freshEmail, nextUnique, startTestService, type TestService } from '../testing/test-service.ts';

/** The service plan, the utilities' tariffs and meter readings over HTTP. */
let t: TestService;
let given: ReturnType<typeof httpSpecFor>;
beforeAll(async () => {
  t = await startTestService();
  given = httpSpecFor(t);
});
afterAll(() => t.close());

const person = (role: Caller['role'], prefix: string): Caller => ({
  email: freshEmail(prefix),
  role,
  name: prefix,
});
const admin = (desk: Caller): DomainEvent[] => [
  registered(desk),
  { type: 'AdminGranted', data: { email: desk.email } },
];

describe('PUT /charge-plans/service', () => {
  it('sets one amount, then one per block; the plan in force again records nothing', async () => {
    const desk = person('admin', 'desk');
    const put = (body: unknown) => ({
      method: 'PUT' as const,
      path: '/charge-plans/service',
      as: desk.email,
      body,
    });
    await given(...admin(desk))
      .when(put({ amount: 3000 }))
      .then(
        { status: 200, body: { modifiedCount: 1 } },
        {
          type: 'ChargePlanSet',
          data: {
            tariff: 'service',
            amountPoisha: 300_000,
            byBlock: null,
            setBy: desk.email,
            setAt: expect.any(String),
          },
        },
      );
    await given()
      .when(put({ byBlock: { A: '3000', B: 2500.5 } }))
      .then(
        { status: 200, body: { modifiedCount: 1 } },
        {
          type: 'ChargePlanSet',
          data: {
            tariff: 'service',
            amountPoisha: null,
            byBlock: { A: 300_000, B: 250_050 },
            setBy: desk.email,
            setAt: expect.any(String),
          },
        },
      );
    await given()
      .when(put({ byBlock: { B: 2500.5, A: 3000 } }))
      .then({ status: 200, body: { modifiedCount: 0 } });
  });

  it('refuses bad plans naming the field, and anyone but an admin', async () => {
    const desk = person('admin', 'desk');
    const member = person('member', 'mina');
    await given(...admin(desk), registered(member))
      .when({ method: 'PUT', path: '/charge-plans/service', as: member.email, body: { amount: 100 } })
      .thenRefused('admin-only', 403);
    for (const [body, field] of [
      [{ amount: -1 }, 'amount'],
      [{ amount: 1.005 }, 'amount'],
      [{ byBlock: {} }, 'byBlock'],
      [{ byBlock: { A: 'lots' } }, 'byBlock.A'],
      [{ amount: 100, byBlock: { A: 100 } }, 'body'],
    ] as const) {
      const reply = await given()
        .when({ method: 'PUT', path: '/charge-plans/service', as: desk.email, body })
        .thenRefused('invalid-input', 400);
      expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});

describe('PUT /tariffs/:utility and POST /meter-readings', () => {
  it('starts a meter, bills the next reading at the tariff, and refuses a reading below the last', async () => {
    const desk = person('admin', 'desk');
    const mina = person('member', 'mina');
    const si = 800_000 + nextUnique();
    const since = new Date('2026-11-26T04:00:00.000Z');
    const lease = accepted(mina, si, si, since);
    await given(...admin(desk), { type: 'ApartmentListed', data: apartment(si) }, lease)
      .when({ method: 'PUT', path: '/tariffs/gas', as: desk.email, body: { perUnit: '8.50', fixed: 0 } })
      .then(
        { status: 200, body: { modifiedCount: 1 } },
        {
          type: 'TariffSet',
          data: {
            tariff: 'gas',
            perUnitPoisha: 850,
            fixedPoisha: 0,
            setBy: desk.email,
            setAt: expect.any(String),
          },
        },
      );
    const reading = (value: unknown, readAt: string) => ({
      method: 'POST' as const,
      path: '/meter-readings',
      as: desk.email,
      body: { si, utility: 'gas', reading: value, readAt },
    });
    const read = (
      value: number,
      previous: number | null,
      readAt: string,
      month: string,
      chargeId: unknown,
    ) => ({
      type: 'MeterRead' as const,
      data: {
        si,
        utility: 'gas' as const,
        reading: value,
        previous,
        readAt,
        month,
        year: 2026,
        chargeId,
        recordedBy: desk.email,
        recordedAt: expect.any(String),
      },
    });
    await given()
      .when(reading(100, '2026-11-30T06:00:00.000Z'))
      .then(
        { status: 200, body: { chargeId: null } },
        read(100, null, '2026-11-30T06:00:00.000Z', 'November', null) as DomainEvent,
      );
    const reply = await given()
      .when(reading('120', '2026-12-31T06:00:00+06:00'))
      .then(
        { status: 200, body: { amountPoisha: 17_000 } },
        read(120, 100, '2026-12-31T00:00:00.000Z', 'December', expect.any(String)) as DomainEvent,
        {
          type: 'ChargeAdded',
          data: {
            si,
            apartment: '3A01',
            month: 'December',
            year: 2026,
            email: mina.email,
            name: mina.name,
            leaseId: expect.any(String),
            chargeId: expect.any(String),
            block: 'A',
            kind: 'gas',
            amountPoisha: 17_000,
            description: 'Gas: 100 to 120 (20 units)',
            origin: 'meter',
            meter: { from: 100, to: 120, perUnitPoisha: 850, fixedPoisha: 0 },
            addedBy: desk.email,
            addedAt: expect.any(String),
          },
        },
      );
    expect(reply.body.chargeId).toMatch(/^[0-9a-f-]{36}$/);
    await given().when(reading(119, '2027-01-02T06:00:00Z')).thenRefused('reading-below-last', 400);
    await given().when(reading(130, '2026-12-01T06:00:00Z')).thenRefused('reading-out-of-order', 409);
    await given()
      .when({
        ...reading(5, '2026-11-01T06:00:00Z'),
        body: { si, utility: 'water', reading: 5, readAt: '2026-10-20T06:00:00Z' },
      })
      .thenRefused('month-outside-lease', 400);
  });

  it('refuses an unknown utility, a negative reading, a reading without a time zone', async () => {
    const desk = person('admin', 'desk');
    await given(...admin(desk))
      .when({ method: 'PUT', path: '/tariffs/internet', as: desk.email, body: { perUnit: 1, fixed: 0 } })
      .thenRefused('invalid-input', 400);
    for (const [patch, field] of [
      [{ utility: 'internet' }, 'utility'],
      [{ reading: -1 }, 'reading'],
      [{ readAt: '2026-12-01 10:00' }, 'readAt'],
      [{ si: 0 }, 'si'],
    ] as const) {
      const reply = await given()
        .when({
          method: 'POST',
          path: '/meter-readings',
          as: desk.email,
          body: { ...{ si: 7, utility: 'water', reading: 10, readAt: '2026-12-01T10:00:00Z' }, ...patch },
        })
        .thenRefused('invalid-input', 400);
      expect(reply.body.errors[0].field).toBe(field);
    }
    const reply = await given()
      .when({ method: 'PUT', path: '/tariffs/water', as: desk.email, body: { perUnit: 1.234, fixed: 0 } })
      .thenRefused('invalid-input', 400);
    expect(reply.body.errors[0].field).toBe('perUnit');
  });
});
