import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentSandbox, type RunningPaymentSandbox } from './start-payment-sandbox.ts';

let sandbox: RunningPaymentSandbox;
const ui = 'http://ui.building.test:5173';

beforeAll(async () => {
  sandbox = await startPaymentSandbox({
    port: 0,
    secretKey: 'sk_test_account_a',
    publishableKey: 'pk_test_account_a',
    allowedOrigins: [ui],
  });
});
afterAll(async () => {
  await sandbox.stop();
});

const list = (key: string, origin?: string) =>
  fetch(`${sandbox.url}/v1/events`, {
    headers: { authorization: `Bearer ${key}`, ...(origin ? { origin } : {}) },
  });

/** Like a Stripe account: its own keys only, and browsers only on the UI's pages. */
describe('who may call the payment sandbox', () => {
  it('accepts only the configured keys', async () => {
    expect((await list('sk_test_account_a')).status).toBe(200);
    for (const key of ['sk_test_other', 'sk_test_sandbox', 'pk_test_other', 'sk_live_account_a']) {
      const refused = await list(key);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /Invalid API Key/,
      );
    }
    // The publishable key is known, but not enough for the server-side API.
    expect((await list('pk_test_account_a')).status).toBe(401);
  });

  it("answers CORS for exactly the UI's origins", async () => {
    const preflight = (origin: string) =>
      fetch(`${sandbox.url}/v1/payment_intents/pi_x/confirm`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight(ui);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ui);
    for (const origin of ['http://localhost:5174', 'http://127.0.0.1:9999', 'https://evil.example']) {
      const refused = await preflight(origin);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      expect((await list('sk_test_account_a', origin)).headers.get('access-control-allow-origin')).toBeNull();
    }
    expect((await list('sk_test_account_a', ui)).headers.get('access-control-allow-origin')).toBe(ui);
  });
});
