import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@building/events/streams';
import { missing } from '@building/infra/testing/infra-availability';
import { createQueryHarness, type QueryHarness } from './testing/query-harness.ts';

const admin = 'admin@building.test';
type Resident = { email: string; si: number; apartment: string; endedAt: string | null };

/** A building of more leases than a page holds: every one of them can be reached, page by page. */
describe.skipIf(missing('postgres'))('GET /residents, page by page', () => {
  let q: QueryHarness;
  const flats = 120;

  beforeAll(async () => {
    q = await createQueryHarness('residents_pages');
    await q.views.history.register(admin, 'Admin', { admin: true });
    for (let n = 1; n <= flats; n++) {
      const si = 1000 + n;
      const email = `resident${n}@building.test`;
      await q.views.store.append(
        [
          {
            stream: streams.agreement(si),
            expectedVersion: 0,
            events: [
              {
                type: 'AgreementAccepted',
                data: {
                  ...{ si, apartment: `F-${String(n).padStart(3, '0')}`, block: n % 2 ? 'A' : 'B' },
                  ...{ floor: 1, room: '2 bed', rent: 20_000, requestId: randomUUID() },
                  ...{ userEmail: email, userName: `Resident ${n}`, acceptedAt: '2026-03-01T04:00:00.000Z' },
                },
              },
              // Every tenth lease has ended.
              ...(n % 10 === 0
                ? [
                    {
                      type: 'LeaseEnded' as const,
                      data: {
                        si,
                        userEmail: email,
                        endedAt: '2026-04-01T04:00:00.000Z',
                        reason: 'member-demoted' as const,
                      },
                    },
                  ]
                : []),
            ],
          },
        ],
        { now: new Date('2026-03-01T04:00:00Z'), actor: 'system', correlationId: randomUUID() },
      );
    }
    await q.views.catchUp();
  }, 120_000);
  afterAll(async () => {
    await q?.close();
  });

  const pages = async (query: string) => {
    const all: Resident[][] = [];
    for (let page = 1; page <= 10; page++) {
      const reply = await q.get(`/residents?${query}&page=${page}`, { as: admin });
      expect(reply.status).toBe(200);
      all.push(reply.body);
      if (reply.body.length < 50) break;
    }
    return all;
  };

  it('answers 50 at a time, each lease on exactly one page, current ones first', async () => {
    const all = await pages('q=');
    expect(all.map((p) => p.length)).toEqual([50, 50, 20]);
    const keys = all.flat().map((r) => `${r.email}-${r.si}`);
    expect(new Set(keys).size).toBe(flats);
    const ended = all.flat().map((r) => r.endedAt !== null);
    expect(ended.indexOf(true)).toBe(flats - 12);
  });

  it('reaches every lease in force with current=true, and none that ended', async () => {
    const all = (await pages('current=true')).flat();
    expect(all).toHaveLength(flats - 12);
    expect(all.every((r) => r.endedAt === null)).toBe(true);
    expect(all.map((r) => r.apartment)).toContain('F-119');
    // The search narrows the pages too.
    expect((await pages('current=true&q=F-11')).flat().map((r) => r.apartment)).toEqual(
      ['F-110', 'F-111', 'F-112', 'F-113', 'F-114', 'F-115', 'F-116', 'F-117', 'F-118', 'F-119'].filter(
        (a) => a !== 'F-110',
      ),
    );
  });

  it('answers 400 for a page or a filter it does not know', async () => {
    for (const bad of ['page=0', 'page=two', 'page=1.5', 'page=10001', 'current=yes']) {
      const reply = await q.get(`/residents?${bad}`, { as: admin });
      expect(reply.status, bad).toBe(400);
      expect(reply.headers.get('content-type'), bad).toMatch(/problem\+json/);
    }
  });
});
