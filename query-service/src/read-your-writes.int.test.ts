import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@building/infra/config';
import { signAccessToken } from '@building/infra/auth/access-token';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { startProjector } from '@building/projector/start-projector';
import { buildingHistory } from '@building/domain/testing/building-history';
import { startQueryService } from './start-query-service.ts';
import { createQueryHarness, jwtSecret, type QueryHarness } from './testing/query-harness.ts';

describe.skipIf(missing('postgres'))(
  'read-your-writes with the embedded projector (tailing the store)',
  () => {
    let test: TestDatabase;
    let stops: Array<() => Promise<void>> = [];
    let url: string;
    let history: ReturnType<typeof buildingHistory>;
    const user = 'reader@building.test';

    beforeAll(async () => {
      test = await createTestDatabase('ryw');
      await migrateEventStore(test.db);
      // Embedded mode: no Kafka, no Redis configured.
      const config = loadConfig({ DATABASE_URL: test.url, QUERY_PORT: '0', JWT_SECRET: jwtSecret });
      const projector = await startProjector(config);
      // The tailer reads below the oldest transaction of the whole server, which other test files
      // share: a generous bound keeps this test about correctness, not about their timing.
      const service = await startQueryService(config, { maxWaitMs: 15_000 });
      stops = [service.stop, projector.stop];
      url = service.url;
      history = buildingHistory(new PostgresEventStore(test.db));
      await history.register('admin@building.test', 'Admin', { admin: true });
      await history.register(user, 'Reader');
      // One apartment per request: a user has at most one pending request per apartment.
      for (let si = 1; si <= 12; si++) await history.list(si);
    });
    afterAll(async () => {
      for (const stop of stops) await stop();
      await test?.drop();
    });

    const read = async (path: string, minPosition?: number) => {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${await signAccessToken({ email: user, uid: 'u1' }, jwtSecret, 3600)}`,
      };
      if (minPosition !== undefined) headers['X-Min-Position'] = String(minPosition);
      const response = await fetch(`${url}${path}`, { headers });
      return {
        status: response.status,
        position: Number(response.headers.get('x-position')),
        body: (await response.json()) as Array<{ _id: string }>,
      };
    };

    it('always sees its own write when it sends X-Min-Position, even over a cached answer', async () => {
      const mine = `/myAgreements/${encodeURIComponent(user)}`;
      const before = await read(mine); // fills the cache
      for (let i = 0; i < 12; i++) {
        const written = await history.request(i + 1, user);
        const after = await read(mine, written.position);
        expect(after.status).toBe(200);
        expect(after.body.map((r: { _id: string }) => r._id)).toContain(written.requestId);
        expect(after.body).toHaveLength(before.body.length + i + 1);
        expect(after.position).toBeGreaterThanOrEqual(written.position);

        const news = await history.announce(`News ${i}`, 'fresh');
        const announcements = await read('/anouncement', news.position);
        expect(announcements.body[0]).toEqual({
          _id: news.announcementId,
          title: `News ${i}`,
          description: 'fresh',
          postedAt: expect.any(String),
        });
      }
    });

    it('answers a malformed X-Min-Position with 400', async () => {
      for (const bad of ['abc', '0', '-3', '1.5']) {
        const response = await fetch(`${url}/apartment`, { headers: { 'X-Min-Position': bad } });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ errors: [{ field: 'X-Min-Position' }] });
      }
    });

    it('serves /health', async () => {
      const response = await fetch(`${url}/health`);
      expect(await response.json()).toMatchObject({
        status: 'ok',
        service: 'query-service',
        checks: { database: { status: 'ok' }, projections: { status: 'ok' } },
        position: expect.any(Number),
      });
    });
  },
);

describe.skipIf(missing('postgres'))('X-Min-Position under interleaved delivery', () => {
  let q: QueryHarness;
  beforeAll(async () => {
    q = await createQueryHarness('ryw_interleaved', { maxWaitMs: 300 });
  });
  afterAll(() => q?.close());

  it('waits for the event AT N, not for any later position', async () => {
    const early = await q.history.addCoupon('EARLY', 10);
    const late = await q.history.addCoupon('LATE', 20);
    const [earlyEvent] = await q.store.readStream(`coupon-${early.couponId}`);
    const [lateEvent] = await q.store.readStream(`coupon-${late.couponId}`);

    // Another partition delivers the later event first.
    await q.projector.project([lateEvent!]);
    const waited = await q.get('/couponAvailable', {
      headers: { 'X-Min-Position': String(earlyEvent!.position) },
    });
    expect(waited.status).toBe(200);
    expect(Number(waited.headers.get('x-position'))).toBe(lateEvent!.position);
    expect(waited.body.map((c: { code: string }) => c.code)).toEqual(['LATE']); // the bound passed; N not reached

    await q.projector.project([earlyEvent!]);
    const seen = await q.get('/couponAvailable', {
      headers: { 'X-Min-Position': String(earlyEvent!.position) },
    });
    expect(seen.body.map((c: { code: string }) => c.code).sort()).toEqual(['EARLY', 'LATE']);
  });

  it('wakes as soon as the event is applied, within the bound', async () => {
    const coupon = await q.history.addCoupon('SOON', 15);
    const reply = q.get('/couponAvailable', { headers: { 'X-Min-Position': String(coupon.position) } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await q.catchUp();
    expect((await reply).body.map((c: { code: string }) => c.code)).toContain('SOON');
  });
});
