import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsecuredJWT } from 'jose';
import { verifyAccessToken } from '@building/infra/auth/access-token';
import {
  clearAccounts,
  createAccount,
  lookupAccount,
  openVerificationLink,
  sendVerificationEmail,
  signIn,
} from '@building/auth-emulator/emulator-accounts';
import { startAuthEmulator, type AuthEmulatorHandle } from '@building/auth-emulator/start-auth-emulator';
import { freePort } from '@building/ports/ports';
import { adminEmail, jwtSecret, startTestService, type TestService } from '../testing/test-service.ts';
import { createEmulatorIdentityVerifier } from './emulator-identity-verifier.ts';

const projectId = 'demo-building';

/**
 * A free port can be taken by a parallel test between the check and the emulator's bind (the
 * emulator then refuses to start), or something else may answer there: make sure it is the
 * emulator, else try another port.
 */
async function startRealEmulator(): Promise<AuthEmulatorHandle> {
  for (let attempt = 1; ; attempt++) {
    let emulator: AuthEmulatorHandle | undefined;
    try {
      emulator = await startAuthEmulator({ port: await freePort(), projectId });
      await lookupAccount(emulator.host, projectId, 'probe@building.test');
      return emulator;
    } catch (error) {
      await emulator?.stop();
      if (attempt === 3) throw error;
    }
  }
}

/** POST /jwt against the real Firebase Auth emulator: its unsigned tokens count only for its own accounts. */
describe('POST /jwt with the Auth emulator', () => {
  let emulator: AuthEmulatorHandle;
  let t: TestService;
  beforeAll(async () => {
    emulator = await startRealEmulator();
    t = await startTestService({
      identity: createEmulatorIdentityVerifier({ host: emulator.host, projectId }),
    });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await emulator?.stop();
  });

  it('trades an emulator ID token of an existing account for our access token', async () => {
    const account = { email: 'Nadia@Building.test', password: 'nadia-pass-1', displayName: 'Nadia' };
    await createAccount(emulator.host, projectId, account);
    const idToken = await signIn(emulator.host, account.email, account.password);
    const reply = await t.call('POST', '/jwt', { body: { idToken } });
    expect(reply.status).toBe(200);
    const claims = await verifyAccessToken(reply.body.token, jwtSecret);
    expect(claims?.email).toBe('nadia@building.test');
  });

  it('makes a listed address admin only once its owner opened the verification link', async () => {
    const account = { email: adminEmail, password: 'first-come-1' };
    await createAccount(emulator.host, projectId, account);
    const unverified = await signIn(emulator.host, account.email, account.password);
    const first = await t.call('POST', '/jwt', { body: { idToken: unverified } });
    expect(first.status).toBe(200);
    expect(first.body.adminAwaitsVerifiedEmail).toBe(true);
    expect((await verifyAccessToken(first.body.token, jwtSecret))?.emailVerified).toBe(false);
    // A profile call with that token grants nothing either.
    await t.call('POST', `/users/${adminEmail}`, { token: first.body.token, body: { name: 'Squatter' } });
    const types = async () => (await t.eventsOf(`user-${adminEmail}`)).map((e) => e.type);
    expect(await types()).not.toContain('AdminGranted');

    await sendVerificationEmail(emulator.host, unverified);
    await openVerificationLink(emulator.host, projectId, adminEmail);
    const verified = await signIn(emulator.host, account.email, account.password);
    const second = await t.call('POST', '/jwt', { body: { idToken: verified } });
    expect(second.status).toBe(200);
    expect(second.body.adminAwaitsVerifiedEmail).toBeUndefined();
    expect(await types()).toContain('AdminGranted');
  });

  it('refuses a made-up unsigned token, and the token of an account that no longer exists', async () => {
    const seconds = Math.floor(Date.now() / 1000);
    const madeUp = new UnsecuredJWT({
      email: 'admin@building.test',
      auth_time: seconds - 5,
      user_id: 'made-up',
    })
      .setIssuer(`https://securetoken.google.com/${projectId}`)
      .setAudience(projectId)
      .setSubject('made-up')
      .setIssuedAt(seconds - 5)
      .setExpirationTime(seconds + 600)
      .encode();
    const forged = await t.call('POST', '/jwt', { body: { idToken: madeUp } });
    expect(forged.status).toBe(401);
    expect(forged.body.token).toBeUndefined();

    await createAccount(emulator.host, projectId, { email: 'gone@building.test', password: 'gone-pass-1' });
    const idToken = await signIn(emulator.host, 'gone@building.test', 'gone-pass-1');
    await clearAccounts(emulator.host, projectId);
    expect((await t.call('POST', '/jwt', { body: { idToken } })).status).toBe(401);
  });
});
