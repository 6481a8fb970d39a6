import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulatorHandle } from '@building/auth-emulator/start-auth-emulator';
import { freePort } from '@building/ports/ports';
import { exportAccounts, importAccounts } from './emulator-accounts.ts';

const project = 'demo-building';
const auth = (host: string, call: string, body: object) =>
  fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });

/** A backup's accounts: read from one emulator, written into a fresh one, where the person signs in. */
describe("the auth emulator's accounts in a backup", { timeout: 240_000 }, () => {
  let source: AuthEmulatorHandle;
  let target: AuthEmulatorHandle;
  beforeAll(async () => {
    [source, target] = await Promise.all([
      startAuthEmulator({ projectId: project, port: await freePort() }),
      startAuthEmulator({ projectId: project, port: await freePort() }),
    ]);
  }, 240_000);
  afterAll(async () => {
    await source?.stop();
    await target?.stop();
  });

  it('come back with their ids and passwords', async () => {
    const credentials = { email: 'restored@building.test', password: 'restored-pass-1' };
    const signedUp = (await (await auth(source.host, 'signUp', credentials)).json()) as { localId: string };
    const accounts = await exportAccounts(source.host, project);
    expect(accounts.map((a) => a.email)).toEqual([credentials.email]);
    expect(await importAccounts(target.host, project, accounts)).toBe(1);
    const signIn = await auth(target.host, 'signInWithPassword', credentials);
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { localId: string }).localId).toBe(signedUp.localId);
  });
});
