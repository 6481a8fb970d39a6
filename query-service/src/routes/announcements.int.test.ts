import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { createQueryHarness, type QueryHarness } from '../testing/query-harness.ts';

const ana = 'ana@building.test';
const bob = 'bob@building.test';
const cy = 'cy@building.test';
const admin = 'admin@building.test';

const titles = (reply: { body: Array<{ title: string }> }) => reply.body.map((a) => a.title);
const told = (reply: { body: { notifications: Array<{ facts: { kind: string; title?: string } }> } }) =>
  reply.body.notifications.map((n) => (n.facts.kind === 'announcement' ? n.facts.title : n.facts.kind));

/**
 * Announcements with their pins and last days, and the residents they are told to. The history
 * runs in January 2026, so an announcement whose last day was in February is long expired today.
 */
describe.skipIf(missing('postgres'))('GET /anouncement, and announcements in the bell', () => {
  let q: QueryHarness;
  let party: string;

  beforeAll(async () => {
    q = await createQueryHarness('announcements');
    const h = q.history;
    await h.register(admin, 'Admin', { admin: true });
    for (const [email, name] of [
      [ana, 'Ana'],
      [bob, 'Bob'],
      [cy, 'Cy'],
    ] as const)
      await h.register(email, name);
    await h.list(1);
    await h.list(2);
    await h.accept((await h.request(1, ana)).requestId);
    await h.announce('Water', 'Off on Monday', { expiresOn: '2026-02-01' });
    await h.announce('Lift', 'Serviced on Friday', { pinned: true });
    party = (await h.announce('Party', 'On the roof')).announcementId;
    // Cy moves in after those three; Gas is told to both residents.
    await h.accept((await h.request(2, cy)).requestId);
    await h.announce('Gas', 'Line check', { expiresOn: '2099-12-31' });
    await q.catchUp();
  });
  afterAll(() => q?.close());

  it('lists pinned ones first, then the newest; an expired one only to admins', async () => {
    const residents = await q.get('/anouncement', { as: bob });
    expect(titles(residents)).toEqual(['Lift', 'Gas', 'Party']);
    expect(residents.body[0]).toMatchObject({ pinned: true, expiresOn: null, editedAt: null });
    expect(residents.body[1]).toMatchObject({ pinned: false, expiresOn: '2099-12-31' });
    const admins = await q.get('/anouncement', { as: admin });
    expect(titles(admins)).toEqual(['Lift', 'Gas', 'Party', 'Water']);
    expect(admins.body[3]).toMatchObject({ expiresOn: '2026-02-01' });
    expect((await q.get('/anouncement')).status).toBe(401);
  });

  it('tells each resident of what was posted while they lived here and has not expired, unread', async () => {
    const anas = await q.get(`/notifications/${ana}`, { as: ana });
    expect(told(anas)).toEqual(['Gas', 'Party', 'Lift', 'agreement-accepted']);
    expect(anas.body).toMatchObject({ unread: 4, total: 4 });
    expect(anas.body.notifications[0]).toMatchObject({ unread: true, facts: { kind: 'announcement' } });
    const cys = await q.get(`/notifications/${cy}`, { as: cy });
    expect(told(cys)).toEqual(['Gas', 'agreement-accepted']);
    // A user who does not live here is told nothing.
    expect((await q.get(`/notifications/${bob}`, { as: bob })).body).toEqual({
      notifications: [],
      unread: 0,
      total: 0,
    });
  });

  it('follows an edit, and tells a removed member nothing posted after', async () => {
    const h = q.history;
    await h.editAnnouncement(party, { title: 'Rooftop party', description: 'On the roof', pinned: true });
    await h.demote(ana);
    const { position } = await h.announce('Paint', 'The stairs are painted');
    await q.catchUp();
    await q.heard('notifications', position);
    await q.heard('announcements', position);
    expect(titles(await q.get('/anouncement', { as: ana }))).toEqual([
      'Rooftop party',
      'Lift',
      'Paint',
      'Gas',
    ]);
    expect(told(await q.get(`/notifications/${ana}`, { as: ana }))).toEqual([
      'member-removed',
      'Gas',
      'Rooftop party',
      'Lift',
      'agreement-accepted',
    ]);
    expect(told(await q.get(`/notifications/${cy}`, { as: cy }))).toEqual([
      'Paint',
      'Gas',
      'agreement-accepted',
    ]);
  });
});
