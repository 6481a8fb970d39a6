import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@building/ports/ports';
import {
  clearAccounts,
  createAccount,
  EmulatorAuthError,
  ensureAccount,
  lookupAccount,
  setPassword,
  signIn,
} from './emulator-accounts.ts';
import { startAuthEmulator, type AuthEmulatorHandle } from './start-auth-emulator.ts';

const projectId = 'demo-building';
const alice = { email: 'alice@building.test', password: 'alice-pass-1', displayName: 'Alice Rahman' };

function claimsOf(idToken: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = idToken
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
  return { header, payload };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the auth emulator', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'building-auth-test-'));
  let emulator: AuthEmulatorHandle | undefined;
  afterAll(async () => {
    await emulator?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs up, signs in with an unsigned ID token, keeps accounts across a restart, and leaves no process', async () => {
    const port = await freePort();
    emulator = await startAuthEmulator({ port, projectId, dataDir });
    expect(emulator.host).toBe(`127.0.0.1:${port}`);

    await createAccount(emulator.host, projectId, alice);
    await expect(createAccount(emulator.host, projectId, alice)).rejects.toMatchObject({
      code: 'EMAIL_EXISTS',
    });
    expect(await ensureAccount(emulator.host, projectId, alice)).toMatchObject({ created: false });

    const { header, payload } = claimsOf(await signIn(emulator.host, alice.email, alice.password));
    expect(header.alg).toBe('none');
    expect(payload).toMatchObject({ email: alice.email, name: alice.displayName, aud: projectId });
    await expect(signIn(emulator.host, alice.email, 'wrong-password')).rejects.toMatchObject({
      code: 'INVALID_PASSWORD',
    });
    const { localId } = await ensureAccount(emulator.host, projectId, alice);
    await setPassword(emulator.host, projectId, localId, 'alice-pass-2');
    await expect(signIn(emulator.host, alice.email, alice.password)).rejects.toBeInstanceOf(
      EmulatorAuthError,
    );
    expect(claimsOf(await signIn(emulator.host, alice.email, 'alice-pass-2')).payload.email).toBe(
      alice.email,
    );

    const firstPid = emulator.pid;
    await emulator.stop();
    expect(isRunning(firstPid)).toBe(false);

    emulator = await startAuthEmulator({ port, projectId, dataDir });
    expect(await lookupAccount(emulator.host, projectId, alice.email)).toMatchObject({ email: alice.email });
    await clearAccounts(emulator.host, projectId);
    expect(await lookupAccount(emulator.host, projectId, alice.email)).toBeUndefined();

    const secondPid = emulator.pid;
    await emulator.stop();
    emulator = undefined;
    expect(isRunning(secondPid)).toBe(false);
  }, 240_000); // two emulator starts: about 8 s each on an idle machine, far more on a loaded one

  it('keeps accounts made since the start through a kill -9', async () => {
    const killedDir = mkdtempSync(join(tmpdir(), 'building-auth-kill-'));
    const port = await freePort();
    const bob = { email: 'bob@building.test', password: 'bob-pass-1' };
    let running: AuthEmulatorHandle | undefined = await startAuthEmulator({
      port,
      projectId,
      dataDir: killedDir,
    });
    try {
      await createAccount(running.host, projectId, bob);
      // Exported within about a second of the change, not only on a clean exit.
      const exported = join(killedDir, 'accounts', 'auth_export', 'accounts.json');
      await expect
        .poll(() => existsSync(exported) && readFileSync(exported, 'utf8').includes(bob.email), {
          timeout: 30_000,
        })
        .toBe(true);
      const pid = running.pid;
      process.kill(-pid, 'SIGKILL');
      await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
      await running.stop();

      running = await startAuthEmulator({ port, projectId, dataDir: killedDir });
      expect(await lookupAccount(running.host, projectId, bob.email)).toMatchObject({ email: bob.email });
      expect(claimsOf(await signIn(running.host, bob.email, bob.password)).payload.email).toBe(bob.email);
    } finally {
      await running?.stop();
      rmSync(killedDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('fails with the reason when its port is taken', async () => {
    const port = await freePort();
    const first = await startAuthEmulator({ port, projectId });
    try {
      await expect(startAuthEmulator({ port, projectId, readyTimeoutMs: 30_000 })).rejects.toThrow(
        /already in use: \d+ \(auth emulator/,
      );
    } finally {
      await first.stop();
    }
  }, 120_000);
});
