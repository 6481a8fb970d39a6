import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signAccessToken } from '@building/infra/auth/access-token';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { freeStackPorts } from './stack-ports.ts';
import { stackSecrets } from './stack-secrets.ts';
import { startStack } from './start-stack.ts';
import type { Stack } from './start/stack-report.ts';

type Entry = Record<string, unknown> & { msg?: string };

/** One command followed through npm start's servers by the lines they log. */
describe.skipIf(missing('postgres'))("one command's correlation id in every server's log", () => {
  let test: TestDatabase;
  let stack: Stack;
  let dir: string;
  const logged: Array<{ server: string; line: string }> = [];
  const entries = (server: string): Entry[] =>
    logged
      .filter((l) => l.server === server && l.line.startsWith('{'))
      .map((l) => JSON.parse(l.line) as Entry);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'building-logs-'));
    test = await createTestDatabase('correlation_logs');
    stack = await startStack({
      dataDir: join(dir, 'data'),
      ports: await freeStackPorts(),
      env: { DATABASE_URL: test.url },
      output: (server, line) => logged.push({ server, line }),
    });
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await test?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('follows a rejection from its request to the projector and the mailer, with the email masked', async () => {
    const secret = stackSecrets(join(dir, 'data')).jwt;
    const tokenOf = (email: string) =>
      signAccessToken({ email, uid: email, emailVerified: true }, secret, 600);
    const post = (token: string, method: string, path: string, body: unknown, requestId?: string) =>
      fetch(`${stack.urls.command}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...(requestId ? { 'x-request-id': requestId } : {}),
        },
        body: JSON.stringify(body),
      });
    const send = async (token: string, method: string, path: string, body: unknown, requestId?: string) => {
      const response = await post(token, method, path, body, requestId);
      expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
      return response;
    };
    const [admin, rafi] = [await tokenOf('admin@building.test'), await tokenOf('rafi@building.test')];
    await send(admin, 'POST', '/users/admin@building.test', { name: 'Ayesha Admin' });
    await send(rafi, 'POST', '/users/rafi@building.test', { name: 'Rafi' });
    // The first apartment the demo seeding left free.
    let si = 1;
    while ((await post(rafi, 'POST', '/agreement', { si })).status !== 200) expect(++si).toBeLessThan(40);
    const requestId = 'reject-rafi-0001';
    const rejected = await send(
      admin,
      'PATCH',
      `/rejectAgreement/${si}`,
      { email: 'rafi@building.test' },
      requestId,
    );
    expect(rejected.headers.get('x-request-id')).toBe(requestId);

    const command = await vi.waitFor(
      () => {
        const found = entries('command-service').find(
          (e) => e.msg === 'command' && e.requestId === requestId,
        );
        expect(found).toMatchObject({ command: 'RejectAgreement', outcome: 'ok' });
        return found!;
      },
      { timeout: 10_000 },
    );
    const correlationId = command.correlationId as string;
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(
      () => {
        expect(
          entries('projector').some(
            (e) => e.msg === 'projected' && (e.correlationIds as string[]).includes(correlationId),
          ),
        ).toBe(true);
        expect(entries('mailer').find((e) => e.correlationId === correlationId)).toMatchObject({
          msg: 'email sent',
          event: 'AgreementRejected',
          to: 'r***@building.test',
        });
      },
      { timeout: 60_000, interval: 250 },
    );
    // One grep of the id finds the three servers' lines; none of the product's servers names the
    // address in full (the demo mailbox, a stand-in mail server, shows whom it received mail for).
    const grep = logged.filter((l) => l.line.includes(correlationId)).map((l) => l.server);
    expect(new Set(grep)).toEqual(new Set(['command-service', 'projector', 'mailer']));
    const product = logged.filter((l) => l.server !== 'smtp-sink');
    expect(product.filter((l) => l.line.includes('rafi@building.test'))).toEqual([]);
  }, 120_000);
});
