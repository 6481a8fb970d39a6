import { createServer, type Server } from 'node:http';
import { freePort } from '@building/ports/ports';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccount } from './emulator-accounts.ts';

describe('the auth emulator client', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('sends again while the emulator refuses connections for a moment, then reaches it', async () => {
    const port = await freePort();
    // Not listening yet: the first attempts are refused.
    setTimeout(() => {
      server = createServer((_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ localId: 'late-start' }));
      }).listen(port, '127.0.0.1');
    }, 800);
    const created = await createAccount(`127.0.0.1:${port}`, 'demo-building', {
      email: 'late@building.test',
      password: 'late-start-1',
    });
    expect(created.localId).toBe('late-start');
  });

  it('names the address when nothing ever answers', async () => {
    const port = await freePort();
    await expect(
      createAccount(`127.0.0.1:${port}`, 'demo-building', {
        email: 'none@building.test',
        password: 'nobody-1',
      }),
    ).rejects.toThrow(`auth emulator unreachable: POST http://127.0.0.1:${port}/identitytoolkit`);
  }, 30_000);
});
