import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { people, scriptedBuilding } from '@building/domain/testing/scripted-building';
import { createQueryHarness, type QueryHarness } from '../testing/query-harness.ts';

describe.skipIf(missing('postgres'))('the admin operations routes', () => {
  let q: QueryHarness;

  beforeAll(async () => {
    q = await createQueryHarness('admin_ops');
    await scriptedBuilding(q.history);
    await q.catchUp();
  });
  afterAll(() => q?.close());

  it.each([
    ['/admin/projections', undefined, 401],
    ['/admin/projections', people.alice.email, 403],
    ['/admin/audit?category=agreements', undefined, 401],
    ['/admin/audit?category=agreements', people.bob.email, 403],
  ])('%s as %s -> %i', async (path, as, status) => {
    expect((await q.get(path, { as })).status).toBe(status);
  });

  it('reports every projection caught up with the log', async () => {
    const reply = await q.get('/admin/projections', { as: people.admin.email });
    expect(reply.status).toBe(200);
    const last = await q.store.lastPosition();
    expect(reply.body.lastPosition).toBe(last);
    expect(reply.body.projections.map((p: { name: string }) => p.name)).toContain('apartments_v1');
    for (const p of reply.body.projections) {
      expect(p).toMatchObject({ pending: 0, parked: 0, lastError: null });
      expect(p.lag).toBe(last - p.position);
    }
  });

  it('returns a category window of the log with its verification', async () => {
    const all = await q.get('/admin/audit?category=agreements,payments', { as: people.admin.email });
    expect(all.status).toBe(200);
    expect(all.body.verification).toMatchObject({ ok: true });
    expect(all.body.verification).not.toHaveProperty('broken');
    expect(all.body.events.length).toBe(all.body.total);
    expect(all.body.events.every((e: { stream: string }) => /^(agreement|payment)-/.test(e.stream))).toBe(
      true,
    );
    const times: string[] = all.body.events.map((e: { occurredAt: string }) => e.occurredAt);
    const from = times[3]!;
    const to = times[6]!;
    const window = await q.get(`/admin/audit?category=agreements,payments&from=${from}&to=${to}&limit=2`, {
      as: people.admin.email,
    });
    expect(window.status).toBe(200);
    expect(window.body.total).toBe(times.filter((t) => t >= from && t <= to).length);
    expect(window.body.events).toHaveLength(2);
    expect(window.body.truncated).toBe(true);
    // Verification covers the whole log whatever the window.
    expect(window.body.verification).toEqual(all.body.verification);
  });

  it.each([
    ['/admin/audit', 'category'],
    ['/admin/audit?category=agreement', 'category'],
    ['/admin/audit?category=agreements&from=yesterday', 'from'],
    ['/admin/audit?category=agreements&from=2026-03-01&to=2026-02-01', 'from'],
    ['/admin/audit?category=agreements&limit=0', 'limit'],
  ])('%s -> 400 naming %s', async (path, field) => {
    const reply = await q.get(path, { as: people.admin.email });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toContain('application/problem+json');
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('names the first broken link of a tampered log', async () => {
    await q.db.raw(
      `update events set data = jsonb_set(data, '{rent}', '1') where stream = 'agreement-1' and version = 2`,
    );
    const reply = await q.get('/admin/audit?category=all', { as: people.admin.email });
    expect(reply.status).toBe(200);
    expect(reply.body.verification).toMatchObject({
      ok: false,
      broken: { stream: 'agreement-1', version: 2, reason: 'hash-mismatch' },
    });
  });
});
