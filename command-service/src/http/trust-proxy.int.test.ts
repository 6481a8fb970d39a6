import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@building/infra/config';
import { startTestService, type TestService } from '../testing/test-service.ts';

const signIn = { points: 1, windowSeconds: 60 };
const jwtFrom = (t: TestService, forwardedFor: string) =>
  t.call('POST', '/jwt', { body: { idToken: 'x'.repeat(40) }, headers: { 'x-forwarded-for': forwardedFor } });

/** TRUST_PROXY: per-address limits see the client behind the configured proxies, and only then. */
describe('TRUST_PROXY', () => {
  let direct: TestService;
  let proxied: TestService;
  beforeAll(async () => {
    direct = await startTestService({ rateLimits: { signIn } });
    proxied = await startTestService({ rateLimits: { signIn }, trustProxyHops: 1 });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('is off by default: a client cannot dodge a limit by sending X-Forwarded-For', async () => {
    expect((await jwtFrom(direct, '198.51.100.1')).status).toBe(401);
    expect((await jwtFrom(direct, '198.51.100.2')).status).toBe(429);
  });

  it('behind one proxy, limits each client address the proxy reports, not the proxy', async () => {
    expect((await jwtFrom(proxied, '203.0.113.1')).status).toBe(401);
    expect((await jwtFrom(proxied, '203.0.113.1')).status).toBe(429);
    expect((await jwtFrom(proxied, '203.0.113.2')).status).toBe(401);
    // What a client prepends itself is not trusted: the proxy's own entry (rightmost) counts.
    expect((await jwtFrom(proxied, '203.0.113.9, 203.0.113.2')).status).toBe(429);
  });

  it('reads the setting as a number of proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
