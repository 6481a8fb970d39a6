import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '@building/infra/auth/access-token';
import { adminEmail, startTestService, type Reply, type TestService } from '../testing/test-service.ts';

/** Whatever a client sends, it gets a 4xx problem naming what is wrong, never a 5xx, and nothing is stored. */
describe('bad input to the command routes', () => {
  let t: TestService;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await startTestService();
    admin = await t.register(adminEmail, 'Admin');
    user = await t.register('plain@building.test');
  });
  afterAll(() => t.close());

  const problem = (reply: Reply, status: number, field?: string) => {
    expect(reply.status).toBe(status);
    expect(reply.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(reply.body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
    if (field) expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  };

  it('malformed JSON is a 400', async () => {
    const before = await t.store.lastPosition();
    problem(
      await t.call('POST', '/agreement', { token: user, raw: '{"si": 1,', contentType: 'application/json' }),
      400,
    );
    problem(await t.call('POST', '/jwt', { raw: '{nope', contentType: 'application/json' }), 400);
    expect(await t.store.lastPosition()).toBe(before);
  });

  it('wrong types and shapes are 400s naming the field', async () => {
    const si = await t.listApartment();
    const before = await t.store.lastPosition();
    for (const body of [
      { si: 'abc' },
      { si: {} },
      { si: -1 },
      { si: 1.5 },
      { si: 1e300 },
      {},
      [],
      'si',
      null,
    ])
      problem(await t.call('POST', '/agreement', { token: user, body }), 400);
    problem(await t.call('POST', '/agreement', { token: user, body: { si: 'abc' } }), 400, 'si');
    problem(await t.call('PUT', '/acceptAgreement', { token: admin, body: { si, email: 5 } }), 400, 'email');
    problem(
      await t.call('PUT', '/acceptAgreement', { token: admin, body: { si, email: 'not-an-email' } }),
      400,
      'email',
    );
    problem(await t.call('POST', '/jwt', { body: { idToken: 42 } }), 400, 'idToken');
    problem(
      await t.call('POST', '/anouncement', { token: admin, body: { title: '', description: 'x' } }),
      400,
      'title',
    );
    problem(
      await t.call('POST', '/anouncement', {
        token: admin,
        body: { title: 'x'.repeat(201), description: 'x' },
      }),
      400,
      'title',
    );
    problem(
      await t.call('POST', '/addCoupon', { token: admin, body: { code: 'has space', discount: 5 } }),
      400,
      'code',
    );
    problem(
      await t.call('PATCH', '/rejectAgreement/abc', { token: admin, body: { email: 'a@b.test' } }),
      400,
      'si',
    );
    problem(await t.call('PATCH', '/memberRemove/not-an-email', { token: admin }), 400, 'email');
    problem(await t.call('POST', '/users/not-an-email', { token: user, body: {} }), 400, 'email');
    problem(await t.call('PATCH', '/couponUnavailable/123', { token: admin }), 400, 'id');
    expect(await t.store.lastPosition()).toBe(before);
  });

  it('NUL bytes and lone surrogates are 400s naming the field, in paths, queries and JSON text', async () => {
    const si = await t.listApartment();
    const before = await t.store.lastPosition();
    // Raw JSON: the escapes reach the server as written (a lone surrogate has no UTF-8 form).
    const json = (text: string) => ({ raw: text, contentType: 'application/json' });
    const nul = '\\u0000';
    const lone = '\\ud800';
    const cases: Array<[string, string, Parameters<TestService['call']>[2], string]> = [
      ['GET', '/payments/%00/receipt', { token: user }, 'path'],
      ['PATCH', `/rejectAgreement/${si}?email=a%00@b.test`, { token: admin }, 'email'],
      ['POST', '/users/plain@building.test', { token: user, ...json(`{"name":"a${nul}b"}`) }, 'name'],
      ['POST', '/users/plain@building.test', { token: user, ...json(`{"name":"a${lone}"}`) }, 'name'],
      ['POST', '/anouncement', { token: admin, ...json(`{"title":"t${nul}","description":"d"}`) }, 'title'],
      [
        'POST',
        '/anouncement',
        { token: admin, ...json(`{"title":"t","description":"${lone}d"}`) },
        'description',
      ],
      [
        'POST',
        '/addCoupon',
        { token: admin, ...json(`{"code":"C${lone}","discount":5,"description":"x"}`) },
        'code',
      ],
      [
        'POST',
        '/create-payment-intent',
        { token: user, ...json(`{"si":${si},"month":"May","year":2026,"code":"\\udc00"}`) },
        'code',
      ],
      ['POST', '/payment', { token: user, ...json(`{"paymentIntentId":"pi_${nul}"}`) }, 'paymentIntentId'],
      ['POST', '/jwt', json(`{"idToken":"${'x'.repeat(30)}${nul}"}`), 'idToken'],
    ];
    for (const [method, path, options, field] of cases)
      problem(await t.call(method, path, options), 400, field);
    expect(await t.store.lastPosition()).toBe(before);
  });

  it('a huge body is refused with 413 before it is parsed', async () => {
    const huge = JSON.stringify({ title: 'x', description: 'y'.repeat(200_000) });
    problem(
      await t.call('POST', '/anouncement', { token: admin, raw: huge, contentType: 'application/json' }),
      413,
    );
    problem(
      await t.call('POST', '/jwt', {
        raw: JSON.stringify({ idToken: 'z'.repeat(100_000) }),
        contentType: 'application/json',
      }),
      413,
    );
  });

  it('unknown ids and routes are 404s', async () => {
    problem(await t.call('PATCH', `/couponAvailable/${crypto.randomUUID()}`, { token: admin }), 404);
    problem(
      await t.call('PUT', '/apartments/424242', {
        token: admin,
        body: {
          apartment: '1A01',
          block: 'A',
          floor: 1,
          room: '2 bed',
          rent: 1000,
          image: '/images/apartments/a.svg',
        },
      }),
      404,
    );
    problem(
      await t.call('PATCH', '/rejectAgreement/424242', { token: admin, body: { email: 'a@b.test' } }),
      404,
    );
    problem(await t.call('GET', `/images/${crypto.randomUUID()}`), 404);
    problem(await t.call('GET', '/images/../../etc/passwd'), 404);
    problem(await t.call('POST', '/no/such/route', { token: user, body: {} }), 404);
  });

  it('a missing, forged or expired access token is a 401', async () => {
    problem(await t.call('POST', '/anouncement', { body: { title: 't', description: 'd' } }), 401);
    problem(
      await t.call('POST', '/anouncement', { token: 'garbage', body: { title: 't', description: 'd' } }),
      401,
    );
    const forged = await signAccessToken(
      { email: adminEmail, uid: 'x' },
      'another-secret-another-secret-another-1',
      600,
    );
    problem(
      await t.call('POST', '/anouncement', { token: forged, body: { title: 't', description: 'd' } }),
      401,
    );
    const expired = await signAccessToken(
      { email: adminEmail, uid: 'x' },
      'test-secret-test-secret-test-secret-0123',
      60,
      new Date(Date.now() - 3_600_000),
    );
    problem(
      await t.call('POST', '/anouncement', { token: expired, body: { title: 't', description: 'd' } }),
      401,
    );
  });
});

describe('protection', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({
      rateLimits: {
        signIn: { points: 2, windowSeconds: 60 },
        writes: { points: 3, windowSeconds: 60 },
        uploads: { points: 1, windowSeconds: 600 },
      },
    });
  });
  afterAll(() => t.close());

  it('limits writes per person with a 429 problem and Retry-After', async () => {
    const token = await t.tokenFor('busy@building.test');
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await t.call('POST', '/users/busy@building.test', { token, body: { name: `B${i}` } })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.call('POST', '/users/busy@building.test', { token, body: {} });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/problem\+json/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Someone else still has their own budget.
    const other = await t.tokenFor('calm@building.test');
    expect((await t.call('POST', '/users/calm@building.test', { token: other, body: {} })).status).toBe(200);
  });

  it('limits POST /jwt per address, counting bodies refused before the route (a path variant too)', async () => {
    // 16,000 levels of arrays: a recursive walk of it overflowed the stack (500).
    const deep = await t.call('POST', '/jwt', {
      raw: `${'['.repeat(16_000)}${']'.repeat(16_000)}`,
      contentType: 'application/json',
    });
    expect(deep.status).toBe(400);
    expect(deep.body.detail).toMatch(/nests deeper than 32 levels/);
    const statuses = [];
    for (const path of ['/jwt', '/JWT/'])
      statuses.push((await t.call('POST', path, { body: { idToken: 'x'.repeat(40) } })).status);
    expect(statuses).toEqual([401, 429]);
  });

  it('sends security headers, and CORS headers only to the UI’s origin', async () => {
    const fromUi = await t.call('OPTIONS', '/agreement', {
      headers: {
        origin: 'http://ui.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(fromUi.status).toBe(204);
    expect(fromUi.headers.get('access-control-allow-origin')).toBe('http://ui.test');
    expect(fromUi.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
    const fromElsewhere = await t.call('POST', '/jwt', { headers: { origin: 'http://evil.test' }, body: {} });
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expect(fromElsewhere.headers.get('x-content-type-options')).toBe('nosniff');
    expect(fromElsewhere.headers.get('x-frame-options')).toBeTruthy();
    expect(fromElsewhere.headers.get('strict-transport-security')).toBeTruthy();
  });
});
