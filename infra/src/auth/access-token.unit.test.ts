import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { signAccessToken, verifyAccessToken } from './access-token.ts';

const secret = 'unit-secret-unit-secret-unit-secret-0001';
const claims = { email: 'Ann@Building.test', uid: 'uid-ann' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token, and a token verified before still expires on time', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-01T10:00:00Z'), toFake: ['Date'] });
    const token = await signAccessToken(claims, secret, 60);
    const expected = { email: 'ann@building.test', uid: 'uid-ann', emailVerified: false };
    expect(await verifyAccessToken(token, secret)).toMatchObject(expected);
    expect(await verifyAccessToken(token, secret)).toMatchObject(expected);
    vi.setSystemTime(new Date('2026-11-01T10:01:01Z'));
    expect(await verifyAccessToken(token, secret)).toBeNull();
  });

  it('refuses a signed-out token, even one verified (and kept) before', async () => {
    const token = await signAccessToken(claims, secret, 60);
    const verified = await verifyAccessToken(token, secret);
    expect(verified?.jti).toMatch(/^[0-9a-f-]{36}$/);
    const revoked = new Set([verified!.jti]);
    expect(await verifyAccessToken(token, secret, revoked)).toBeNull();
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
  });

  it('refuses a token under another secret, even one verified before under its own', async () => {
    const token = await signAccessToken(claims, secret, 60);
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
    expect(await verifyAccessToken(token, `${secret}-rotated`)).toBeNull();
    expect(await verifyAccessToken(`${token}x`, secret)).toBeNull();
    expect(await verifyAccessToken('not-a-token', secret)).toBeNull();
  });

  it('refuses a token without an id: it could not be signed out', async () => {
    const now = Math.floor(Date.now() / 1000);
    const withoutId = await new SignJWT({ email: claims.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.uid)
      .setIssuer('building')
      .setAudience('building-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(secret));
    expect(await verifyAccessToken(withoutId, secret)).toBeNull();
  });
});
