import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { people } from '@building/domain/testing/scripted-building';
import { verifyAccessToken } from '@building/infra/auth/access-token';
import { readSse } from '../testing/read-sse.ts';
import { createQueryHarness, jwtSecret, type QueryHarness } from '../testing/query-harness.ts';

/** Reads an SSE response, collecting the `data:` payloads. */
function listen(response: Response) {
  const received: Array<{ view: string; position: number; correlationId?: string }> = [];
  return { received, ...readSse<(typeof received)[number]>(response, (data) => received.push(data)) };
}

describe.skipIf(missing('postgres'))('live updates (SSE)', () => {
  let q: QueryHarness;
  beforeAll(async () => {
    q = await createQueryHarness('live_updates');
    await q.history.register(people.admin.email, 'Admin', { admin: true });
    for (const p of [people.alice, people.erin]) await q.history.register(p.email, p.name);
    await q.history.list(1);
    await q.catchUp();
  });
  afterAll(() => q?.close());

  /** What the UI does before opening EventSource: trades its token (a header) for a ticket. */
  const ticketFor = async (token: string) => {
    const reply = await q.get('/events/ticket', { token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    return reply.body.ticket as string;
  };
  const stream = (query: string) => fetch(`${q.url}/events/stream${query}`);

  it('streams the view changes each caller may see', async () => {
    const open = async (headers: Record<string, string>, query = '') => {
      const response = await fetch(`${q.url}/events/stream${query}`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      return listen(response);
    };
    const admin = await open({ Authorization: `Bearer ${await q.tokenFor(people.admin.email)}` });
    const alice = await open({}, `?ticket=${await ticketFor(await q.tokenFor(people.alice.email))}`);
    const erin = await open({}, `?ticket=${await ticketFor(await q.tokenFor(people.erin.email))}`);
    const anonymous = await open({});
    await new Promise((resolve) => setTimeout(resolve, 100)); // the streams are subscribed

    const coupon = await q.history.addCoupon('LIVE', 10); // public
    const request = await q.history.request(1, people.erin.email); // erin's own + admin views
    const news = await q.history.announce('Hello', 'signed-in only');
    await q.catchUp();
    await q.heard('announcements', news.position);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const views = (stream: typeof admin) => [...new Set(stream.received.map((c) => c.view))].sort();
    // The announcement is told to the residents too: its notifications change belongs to no one
    // account, so every signed-in stream hears it (and only then asks whether it is theirs).
    expect(views(admin)).toEqual(['agreement-requests', 'announcements', 'coupons', 'notifications']);
    expect(views(erin)).toEqual(['agreement-requests', 'announcements', 'coupons', 'notifications']);
    expect(views(alice)).toEqual(['announcements', 'coupons', 'notifications']);
    expect(views(anonymous)).toEqual(['coupons']);
    // Each message names the command behind it: one grep of its correlation id finds its whole way.
    const behind = (result: { position: number; events: Array<{ correlationId: string }> }) => ({
      position: result.position,
      correlationId: result.events[0]!.correlationId,
    });
    expect(alice.received).toContainEqual({ view: 'notifications', ...behind(news) });
    expect(admin.received).toContainEqual({ view: 'coupons', ...behind(coupon) });
    expect(erin.received).toContainEqual({ view: 'agreement-requests', ...behind(request) });

    // Admin-only views reach admins alone.
    expect(admin.received.some((c) => c.view === 'statistics')).toBe(false); // erin's request moved no statistic
    await q.history.list(2);
    await q.catchUp();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(admin.received.some((c) => c.view === 'statistics')).toBe(true);
    expect(erin.received.some((c) => c.view === 'statistics')).toBe(false);
    expect(anonymous.received.some((c) => c.view === 'apartments')).toBe(true);

    for (const stream of [admin, alice, erin, anonymous]) await stream.close();
  });

  it('opens a stream with a ticket, once; never takes a token in the address; a ticket is no token', async () => {
    const token = await q.tokenFor(people.alice.email);
    expect((await stream(`?access_token=${token}`)).status).toBe(400);
    expect((await q.get('/events/ticket')).status).toBe(401);
    const ticket = await ticketFor(token);
    expect((await q.get(`/user/member/${people.alice.email}`, { token: ticket })).status).toBe(401);
    const first = await stream(`?ticket=${ticket}`);
    expect(first.status).toBe(200);
    await first.body?.cancel();
    expect((await stream(`?ticket=${ticket}`)).status).toBe(401);
    // A ticket bought with a token signed out since opens nothing.
    const later = await ticketFor(token);
    const claims = await verifyAccessToken(token, jwtSecret);
    await q.revokedTokens.revoke(claims!.jti, claims!.expiresAt);
    expect((await stream(`?ticket=${later}`)).status).toBe(401);
  });

  it('ends a signed-in stream when its token is signed out, or expires', async () => {
    const signedOut = await q.tokenFor(people.erin.email);
    const expiring = await q.tokenFor(people.alice.email, 2);
    const streams = await Promise.all(
      [signedOut, expiring].map(async (token) => listen(await stream(`?ticket=${await ticketFor(token)}`))),
    );
    const claims = await verifyAccessToken(signedOut, jwtSecret);
    await q.revokedTokens.revoke(claims!.jti, claims!.expiresAt);
    // Both end by themselves (listen's loop returns when the server ends the response).
    await Promise.all(streams.map((s) => s.ended));
    const anonymous = listen(await stream(''));
    await q.history.addCoupon('AFTER', 5);
    await q.catchUp();
    await expect.poll(() => anonymous.received.some((c) => c.view === 'coupons')).toBe(true);
    for (const s of streams) expect(s.received.some((c) => c.view === 'coupons')).toBe(false);
    await anonymous.close();
  });
});
