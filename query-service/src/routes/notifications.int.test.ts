import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { createQueryHarness, type QueryHarness } from '../testing/query-harness.ts';

const ana = 'ana@building.test';
const bob = 'bob@building.test';
const admin = 'admin@building.test';

describe.skipIf(missing('postgres'))('GET /notifications/:email and /email-preferences/:email', () => {
  let q: QueryHarness;

  beforeAll(async () => {
    q = await createQueryHarness('notifications');
    const h = q.history;
    await h.register(admin, 'Admin', { admin: true });
    await h.register(ana, 'Ana');
    await h.register(bob, 'Bob');
    await h.list(1);
    const { requestId } = await h.request(1, ana);
    const lost = await h.request(1, bob);
    expect(lost.requestId).toBeTruthy();
    await h.accept(requestId);
    await h.pay(ana, 1, 'January', 2026);
    await h.remind(ana, 1, 'February', 2026, 'due');
    await h.emailPreferences(ana, ['rent-reminder']);
    await q.catchUp();
  });
  afterAll(() => q?.close());

  it('lists the owner’s notifications newest first, with the facts and the unread count', async () => {
    const reply = await q.get(`/notifications/${ana}`, { as: ana });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ unread: 3, total: 3 });
    expect(reply.body.notifications.map((n: { facts: { kind: string } }) => n.facts.kind)).toEqual([
      'rent-reminder',
      'rent-paid',
      'agreement-accepted',
    ]);
    expect(reply.body.notifications[0]).toMatchObject({
      unread: true,
      facts: { kind: 'rent-reminder', apartment: '101', month: 'February', year: 2026, due: 'due' },
    });
    // The other requester hears that the apartment went to someone else.
    const bobs = await q.get(`/notifications/${bob}`, { as: bob });
    expect(bobs.body.notifications).toEqual([
      expect.objectContaining({ facts: { kind: 'agreement-rejected', si: 1, reason: 'apartment-booked' } }),
    ]);
  });

  it('pages, and counts as read whatever is not newer than the read mark', async () => {
    const all = (await q.get(`/notifications/${ana}`, { as: ana })).body.notifications;
    const second = await q.get(`/notifications/${ana}?page=1&size=2`, { as: ana });
    expect(second.body.notifications.map((n: { id: string }) => n.id)).toEqual([all[2].id]);

    const { position } = await q.history.readNotifications(ana, all[1].createdAt);
    await q.catchUp();
    await q.heard('notifications', position);
    const after = await q.get(`/notifications/${ana}`, { as: ana });
    expect(after.body.unread).toBe(1);
    expect(after.body.notifications.map((n: { unread: boolean }) => n.unread)).toEqual([true, false, false]);
  });

  it('answers the emails a person turned off', async () => {
    expect((await q.get(`/email-preferences/${ana}`, { as: ana })).body).toEqual({ off: ['rent-reminder'] });
    expect((await q.get(`/email-preferences/${bob}`, { as: bob })).body).toEqual({ off: [] });
  });

  it('answers the owner only, and names bad input', async () => {
    for (const path of [`/notifications/${ana}`, `/email-preferences/${ana}`]) {
      expect((await q.get(path)).status).toBe(401);
      expect((await q.get(path, { as: bob })).status).toBe(403);
      expect((await q.get(path, { as: admin })).status).toBe(403);
    }
    const badSize = await q.get(`/notifications/${ana}?size=500`, { as: ana });
    expect(badSize.status).toBe(400);
    expect(JSON.stringify(badSize.body)).toContain('size');
    expect((await q.get(`/notifications/${ana}?page=-1`, { as: ana })).status).toBe(400);
    expect((await q.get('/notifications/not-an-email', { as: ana })).status).toBe(400);
  });
});
