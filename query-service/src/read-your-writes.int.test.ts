import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@building/infra/config';
import { signAccessToken } from '@building/infra/auth/access-token';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { buildingHistory } from '@building/domain/testing/building-history';
import { startQueryService } from './start-query-service.ts';
import { startProjectorProcess } from './testing/projector-process.ts';
import { jwtSecret } from './testing/query-harness.ts';

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
      const projector = await startProjectorProcess(test.url);
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
          pinned: false,
          expiresOn: null,
          editedAt: null,
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
