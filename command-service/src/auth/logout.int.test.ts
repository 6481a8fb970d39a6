import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail, jwtSecret, startTestService, type TestService } from '../testing/test-service.ts';

/** POST /logout: the token it comes with stops working; another session of the same person does not. */
describe('POST /logout', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(() => t.close());

  it('revokes the token it is given, and only that one', async () => {
    const email = freshEmail('leaver');
    const tab = await t.register(email);
    const otherDevice = await t.tokenFor(email);
    expect((await t.call('POST', `/users/${email}`, { token: tab, body: { name: 'Before' } })).status).toBe(
      200,
    );

    const out = await t.call('POST', '/logout', { token: tab });
    expect(out.status).toBe(204);
    const after = await t.call('POST', `/users/${email}`, { token: tab, body: { name: 'After' } });
    expect(after.status).toBe(401);
    expect((await t.call('POST', '/logout', { token: tab })).status).toBe(401);
    expect(
      (await t.call('POST', `/users/${email}`, { token: otherDevice, body: { name: 'Other' } })).status,
    ).toBe(200);
  });

  it('is a 401 without a token, or with a token without an id (it could not be signed out)', async () => {
    expect((await t.call('POST', '/logout')).status).toBe(401);
    const email = freshEmail('no-id');
    await t.register(email);
    const now = Math.floor(Date.now() / 1000);
    const withoutId = await new SignJWT({ email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(`uid-${email}`)
      .setIssuer('building')
      .setAudience('building-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(jwtSecret));
    expect((await t.call('POST', '/logout', { token: withoutId })).status).toBe(401);
    expect((await t.call('POST', `/users/${email}`, { token: withoutId, body: { name: 'X' } })).status).toBe(
      401,
    );
  });
});
