import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@building/events/streams';
import { startTestService, type TestService } from '../testing/test-service.ts';

const boss = 'boss@building.test';
const chief = 'chief@building.test';

/** ADMIN_EMAILS grants admin to a listed address only when the identity provider verified it. */
describe('ADMIN_EMAILS with Google-signed ID tokens', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ adminEmails: [boss, chief] });
  });
  afterAll(() => t.close());

  const signIn = async (email: string, verified: boolean) =>
    t.call('POST', '/jwt', {
      body: { idToken: await t.google.idToken(email, { email_verified: verified }) },
    });
  const types = async (email: string) => (await t.eventsOf(streams.user(email))).map((e) => e.type);

  it('makes a Google account (verified) admin at its first sign-in', async () => {
    const reply = await signIn(boss, true);
    expect(reply.status).toBe(200);
    expect(reply.body.adminAwaitsVerifiedEmail).toBeUndefined();
    expect(await types(boss)).toEqual(['UserRegistered', 'AdminGranted']);
  });

  it('keeps an unverified listed address a user, says so, and grants admin once verified', async () => {
    const first = await signIn(chief, false);
    expect(first.status).toBe(200);
    expect(first.body.adminAwaitsVerifiedEmail).toBe(true);
    expect(await types(chief)).toEqual(['UserRegistered']);
    await signIn(chief, true);
    expect(await types(chief)).toEqual(['UserRegistered', 'AdminGranted']);
    await signIn(chief, true);
    expect(await types(chief)).toEqual(['UserRegistered', 'AdminGranted']);
  });
});
