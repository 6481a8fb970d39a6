import type { AddressInfo } from 'node:net';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Knex } from 'knex';
import { createApp as createCommandApp } from '@building/command-service/app';
import { createGoogleIdentityVerifier } from '@building/command-service/auth/google-identity-verifier';
import { migrateImages } from '@building/command-service/images/schema';
import { createPaymentProvider } from '@building/command-service/payment-provider/stripe-payment-provider';
import { createMemoryRateLimiter } from '@building/infra/rate-limit/memory-rate-limiter';
import { createLocalGoogleKeys } from '@building/command-service/testing/local-google-keys';
import { signAccessToken } from '@building/infra/auth/access-token';
import { createPostgresRevocationStore } from '@building/infra/auth/postgres-revocation-store';
import { watchRevokedTokens } from '@building/infra/auth/revoked-tokens';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { liveTarget } from '@building/projector/projection-target';
import { migrateProjector } from '@building/projector/projector-schema';
import { projections } from '@building/projector/projections/registry';
import { startPaymentSandbox } from '@building/payment-sandbox/start-payment-sandbox';
import { createApp as createQueryApp } from '@building/query-service/app';
import { createLruCacheStore } from '@building/query-service/cache/lru-cache-store';
import { createViewCache } from '@building/query-service/cache/view-cache';
import { listenForViewChanges } from '@building/query-service/live/view-changes';
import { defaultImagesDir } from '@building/query-service/start-query-service';

const jwtSecret = 'fuzz-secret-fuzz-secret-fuzz-secret-0123';
const wide = { points: Number.MAX_SAFE_INTEGER, windowSeconds: 60 };
export const fuzzAdmin = 'admin@building.test';

/**
 * Both services over one real database, with the payment sandbox, as `npm start` wires them (one
 * client address, so the rate limits are widened: the fuzzer is one client asking everything).
 */
export async function startFuzzServices(db: Knex) {
  await migrateEventStore(db);
  await migrateImages(db);
  await migrateProjector(db, projections.map(liveTarget));
  const store = new PostgresEventStore(db);
  const google = await createLocalGoogleKeys('demo-building');
  const sandbox = await startPaymentSandbox({ port: 0 });
  const revokedTokens = await watchRevokedTokens(await createPostgresRevocationStore(db));
  const command = createCommandApp({
    store,
    identity: createGoogleIdentityVerifier({ projectId: 'demo-building', keys: google.keys }),
    rateLimiter: createMemoryRateLimiter(),
    rateLimits: { signIn: wide, writes: wide, uploads: wide },
    revokedTokens,
    jwtSecret,
    jwtTtlSeconds: 600,
    adminEmails: [fuzzAdmin],
    uiOrigins: [],
    publicUrl: 'http://command.test',
    payments: createPaymentProvider({
      PAYMENT_SANDBOX_URL: sandbox.url,
      STRIPE_WEBHOOK_SECRET: 'whsec_payment_sandbox_local',
      STRIPE_SECRET_KEY: undefined,
    }),
    log: () => {},
  });
  const changes = await listenForViewChanges(db, {});
  const cacheStore = createLruCacheStore();
  const query = createQueryApp({
    db,
    jwtSecret,
    revokedTokens,
    uiOrigins: [],
    cache: createViewCache(cacheStore, changes.versionOf),
    changes,
    imagesDir: defaultImagesDir,
    maxWaitMs: 200,
    log: () => {},
  });
  const servers: Server[] = [];
  const listen = async (handler: RequestListener) => {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const urls = { command: await listen(command.callback()), query: await listen(query.callback()) };
  return {
    store,
    urls,
    tokenFor: (email: string) =>
      signAccessToken({ email, uid: `uid-${email}`, emailVerified: true }, jwtSecret, 3600),
    async stop() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      await changes.stop();
      await cacheStore.close();
      await revokedTokens.stop();
      await sandbox.stop();
    },
  };
}
