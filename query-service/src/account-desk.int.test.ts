import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { streams } from '@building/events/streams';
import { missing } from '@building/infra/testing/infra-availability';
import { people, scriptedBuilding } from '@building/domain/testing/scripted-building';
import { createQueryHarness, type QueryHarness } from './testing/query-harness.ts';

const admin = people.admin.email;
const march = { si: 1, apartment: '101', month: 'March', year: 2026, email: people.alice.email } as const;
const water = randomUUID();
const lift = randomUUID();

/** The admin's reads of the Charges page and the cash desk: prices and meters, a month's charges, residents. */
describe.skipIf(missing('postgres'))('GET /prices, /charges, /residents', () => {
  let q: QueryHarness;
  const append = (stream: string, events: DomainEvent[]) =>
    q.store.append([{ stream, expectedVersion: 0, events }], {
      now: new Date('2026-03-03T04:00:00Z'),
      actor: 'system',
      correlationId: randomUUID(),
    });

  beforeAll(async () => {
    q = await createQueryHarness('account_desk_routes');
    await scriptedBuilding(q.history);
    const leaseId = randomUUID();
    const charge = (chargeId: string, kind: 'water' | 'other', amountPoisha: number): DomainEvent => ({
      type: 'ChargeAdded',
      data: {
        ...march,
        name: 'Alice',
        leaseId,
        chargeId,
        block: 'B',
        kind,
        amountPoisha,
        description: kind === 'water' ? 'Pump repair' : 'Lift',
        origin: 'admin',
        addedBy: admin,
        addedAt: '2026-03-02T04:00:00.000Z',
      },
    });
    await append(streams.payment(1, 2026, 'March'), [
      charge(water, 'water', 45_050),
      charge(lift, 'other', 10_000),
      {
        type: 'ChargeCancelled',
        data: {
          ...march,
          chargeId: lift,
          amountPoisha: 10_000,
          kind: 'other',
          reason: 'Added twice',
          cancelledBy: admin,
          cancelledAt: '2026-03-02T05:00:00.000Z',
        },
      },
    ]);
    const set = { setBy: admin, setAt: '2026-03-01T04:00:00.000Z' };
    await append(streams.tariff('service'), [
      { type: 'ChargePlanSet', data: { tariff: 'service', amountPoisha: 100_000, byBlock: null, ...set } },
      {
        type: 'ChargePlanSet',
        data: { tariff: 'service', amountPoisha: null, byBlock: { A: 150_000, B: 120_050 }, ...set },
      },
    ]);
    await append(streams.tariff('electricity'), [
      { type: 'TariffSet', data: { tariff: 'electricity', perUnitPoisha: 850, fixedPoisha: 5_000, ...set } },
    ]);
    const reading = (value: number, previous: number | null, readAt: string): DomainEvent => ({
      type: 'MeterRead',
      data: {
        si: 1,
        utility: 'electricity',
        reading: value,
        previous,
        readAt,
        month: 'March',
        year: 2026,
        chargeId: null,
        recordedBy: admin,
        recordedAt: readAt,
      },
    });
    await append(streams.meter(1, 'electricity'), [
      reading(1200, null, '2026-03-01T04:00:00.000Z'),
      reading(1290.5, 1200, '2026-03-02T04:00:00.000Z'),
    ]);
    await q.catchUp();
  });
  afterAll(() => q?.close());

  it('answers the prices in force and each meter’s last reading', async () => {
    const reply = await q.get('/prices', { as: admin });
    expect(reply.status).toBe(200);
    expect(reply.body.prices).toEqual([
      expect.objectContaining({ tariff: 'electricity', perUnit: 8.5, fixed: 50, amount: null }),
      expect.objectContaining({ tariff: 'service', amount: null, byBlock: { A: 1500, B: 1200.5 } }),
    ]);
    expect(reply.body.meters).toEqual([
      { si: 1, utility: 'electricity', reading: 1290.5, readAt: '2026-03-02T04:00:00.000Z' },
    ]);
  });

  it('answers a month’s charges with their apartment and holder, a cancelled one marked', async () => {
    const reply = await q.get('/charges?month=March&year=2026', { as: admin });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      expect.objectContaining({
        chargeId: water,
        apartment: '101',
        email: march.email,
        amount: 450.5,
        cancelled: false,
      }),
      expect.objectContaining({ chargeId: lift, amount: 100, cancelled: true }),
    ]);
    expect((await q.get('/charges?month=April&year=2026', { as: admin })).body).toEqual([]);
  });

  it('finds residents by name, email or apartment, ended leases after current ones', async () => {
    const byName = await q.get('/residents?q=ALI', { as: admin });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual([
      expect.objectContaining({
        email: people.alice.email,
        name: 'Alice',
        si: 1,
        apartment: '101',
        endedAt: null,
      }),
    ]);
    const dave = await q.get('/residents?q=dave@', { as: admin });
    expect(dave.body.map((r: { si: number }) => r.si).sort()).toEqual([3, 4]);
    expect(dave.body.every((r: { endedAt: string | null }) => r.endedAt !== null)).toBe(true);
    const all = await q.get('/residents', { as: admin });
    expect(all.body.findIndex((r: { endedAt: string | null }) => r.endedAt !== null)).toBeGreaterThan(0);
    // A typed % is a letter, not a wildcard.
    expect((await q.get('/residents?q=%25', { as: admin })).body).toEqual([]);
  });

  it('answers admins only, and 400 for a bad month, year or search', async () => {
    for (const path of ['/prices', '/charges?month=March&year=2026', '/residents?q=a'])
      expect((await q.get(path, { as: people.alice.email })).status, path).toBe(403);
    for (const bad of [
      '/charges?month=Maart&year=2026',
      '/charges?month=March',
      '/charges?month=March&year=1999',
      `/residents?q=${'x'.repeat(101)}`,
    ]) {
      const reply = await q.get(bad, { as: admin });
      expect(reply.status, bad).toBe(400);
      expect(reply.headers.get('content-type'), bad).toMatch(/problem\+json/);
    }
  });
});
