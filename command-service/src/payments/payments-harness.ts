import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { DomainEvent } from '@building/events/catalogue';
import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import { signAccessToken } from '@building/infra/auth/access-token';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import {
  startPaymentSandbox,
  type RunningPaymentSandbox,
} from '@building/payment-sandbox/start-payment-sandbox';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { createApp } from '../app.ts';
import type { CommandDeps } from '../command-deps.ts';
import { createMemoryRateLimiter } from '@building/infra/rate-limit/memory-rate-limiter';
import { appendHistory } from '../testing/append-history.ts';
import { createPaymentProvider, stripeClient } from '../payment-provider/stripe-payment-provider.ts';

/**
 * The command-service on a free port with a payment sandbox on another, the sandbox's webhooks
 * pointed back at the service, and `stripe`: the official SDK on the sandbox, playing the browser.
 */
export interface PaymentsHarness {
  url: string;
  store: PostgresEventStore;
  sandbox: RunningPaymentSandbox;
  stripe: Stripe;
  webhookSecret: string;
  tokenFor(email: string): Promise<string>;
  seed(...events: DomainEvent[]): Promise<void>;
  eventsOf(stream: string): Promise<DecodedEvent[]>;
  stop(): Promise<void>;
}

const jwtSecret = randomBytes(32).toString('hex');

export async function startPaymentsHarness(): Promise<PaymentsHarness> {
  const database: TestDatabase = await createTestDatabase('payments');
  await migrateEventStore(database.db);
  const store = new PostgresEventStore(database.db);

  // The service's port must be known before the sandbox starts (its webhook URL), and the sandbox's
  // URL before the app is built (its provider): listen first, attach the app after.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sandbox = await startPaymentSandbox({
    port: 0,
    webhookUrl: `${url}/webhooks/stripe`,
    webhookSecret,
    webhookRetryDelaysMs: [100, 200, 400],
  });
  const config = {
    PAYMENT_SANDBOX_URL: sandbox.url,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_SECRET_KEY: undefined,
  };
  const deps: CommandDeps = {
    store,
    identity: { verify: () => Promise.reject(new Error('no sign-in in these tests')) },
    rateLimiter: createMemoryRateLimiter(),
    jwtSecret,
    jwtTtlSeconds: 600,
    adminEmails: ['admin@building.test'],
    uiOrigins: [],
    publicUrl: url,
    log: () => {},
    payments: createPaymentProvider(config),
  };
  server.on('request', createApp(deps).callback());

  return {
    url,
    store,
    sandbox,
    stripe: stripeClient(config)!,
    webhookSecret,
    tokenFor: (email) => signAccessToken({ email, uid: email, emailVerified: true }, jwtSecret, 600),
    seed: (...events) => appendHistory(store, events),
    eventsOf: async (stream) => (await store.readStream(stream)).map(decodeEvent),
    async stop() {
      await sandbox.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.drop();
    },
  };
}
