import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { people, scriptedBuilding } from '@building/domain/testing/scripted-building';
import { createQueryHarness, type QueryHarness } from './testing/query-harness.ts';

const alice = people.alice.email; // member of si 1 (block B)
const frank = people.frank.email; // member of si 6 (block C)
const admin = people.admin.email;
const photo = 'http://127.0.0.1:4001/images/77777777-7777-4777-8777-777777777777';

describe.skipIf(missing('postgres'))('the maintenance routes', () => {
  let q: QueryHarness;
  const ids: Record<'tap' | 'light' | 'lift' | 'doorbell', string> = {
    tap: '',
    light: '',
    lift: '',
    doorbell: '',
  };

  beforeAll(async () => {
    q = await createQueryHarness('query_maintenance');
    // The scripted building ends with frank's door bell request, acknowledged.
    ids.doorbell = (await scriptedBuilding(q.history)).maintenance.doorbell.requestId;
    const h = q.history;
    ids.tap = (
      await h.fileMaintenance(alice, 1, { category: 'plumbing', description: 'Tap drips', photos: [photo] })
    ).requestId;
    ids.light = (
      await h.fileMaintenance(alice, 1, { category: 'electrical', description: 'Light' })
    ).requestId;
    ids.lift = (
      await h.fileMaintenance(frank, 6, { category: 'common-area', description: 'Lift' })
    ).requestId;
    await h.triageMaintenance(ids.tap, 'scheduled', { scheduledFor: '2026-01-09' });
    await h.commentOnMaintenance(ids.tap, admin, 'The plumber comes on Friday.');
    await h.commentOnMaintenance(ids.tap, alice, 'Thank you.');
    await h.triageMaintenance(ids.light, 'declined', { reason: 'The bulb is the tenant’s.' });
    await q.catchUp();
  });
  afterAll(() => q?.close());

  it("answers a member's own requests, newest first, each with its history and comments", async () => {
    const mine = await q.get(`/myMaintenance/${encodeURIComponent(alice)}`, { as: alice });
    expect(mine.status).toBe(200);
    expect(mine.body.map((r: { _id: string }) => r._id)).toEqual([ids.light, ids.tap]);
    expect(mine.body[1]).toMatchObject({
      email: alice,
      name: 'Alice',
      si: 1,
      block: 'B',
      category: 'plumbing',
      description: 'Tap drips',
      photos: [photo],
      status: 'scheduled',
      scheduledFor: '2026-01-09',
      reason: null,
      history: [
        {
          status: 'scheduled',
          scheduledFor: '2026-01-09',
          reason: null,
          changedBy: admin,
          changedAt: expect.any(String),
        },
      ],
      comments: [
        { author: admin, authorRole: 'admin', text: 'The plumber comes on Friday.' },
        { author: alice, authorRole: 'member', text: 'Thank you.' },
      ],
    });
    expect(mine.body[0]).toMatchObject({
      status: 'declined',
      reason: 'The bulb is the tenant’s.',
      comments: [],
    });
    expect((await q.get(`/myMaintenance/${encodeURIComponent(alice)}`, { as: frank })).status).toBe(403);
  });

  it("filters and pages the admins' queue", async () => {
    const queue = async (query: string) => {
      const reply = await q.get(`/maintenance${query}`, { as: admin });
      expect(reply.status).toBe(200);
      return { ids: reply.body.result.map((r: { _id: string }) => r._id), total: reply.body.total };
    };
    expect(await queue('')).toEqual({ ids: [ids.lift, ids.light, ids.tap, ids.doorbell], total: 4 });
    expect(await queue('?status=active')).toEqual({ ids: [ids.lift, ids.tap, ids.doorbell], total: 3 });
    expect(await queue('?status=acknowledged&block=C')).toEqual({ ids: [ids.doorbell], total: 1 });
    expect(await queue('?status=declined')).toEqual({ ids: [ids.light], total: 1 });
    expect(await queue('?category=common-area')).toEqual({ ids: [ids.lift], total: 1 });
    expect(await queue('?block=b&status=active')).toEqual({ ids: [ids.tap], total: 1 });
    expect(await queue('?page=1')).toEqual({ ids: [], total: 4 });
  });

  it('refuses a malformed filter with a 400 naming it', async () => {
    for (const [query, field] of [
      ['?status=fixed', 'status'],
      ['?category=roof', 'category'],
      ['?block=%27%3B--', 'block'],
      ['?page=-1', 'page'],
    ]) {
      const reply = await q.get(`/maintenance${query}`, { as: admin });
      expect(reply.status).toBe(400);
      expect(reply.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
  });

  it('counts the requests by status in the statistics', async () => {
    const stats = await q.get('/apartmentData', { as: admin });
    expect(stats.body.maintenance).toEqual({
      open: 1,
      acknowledged: 1,
      scheduled: 1,
      'in-progress': 0,
      done: 0,
      declined: 1,
    });
  });
});
