import { warmPool } from '@building/infra/postgres/warm-pool';
import { createLogger, type Logger } from '@building/infra/logging/logger';
import { openRevokedTokens } from '@building/infra/auth/open-revoked-tokens';
import type { Server } from 'node:http';
import knex from 'knex';
import type { Config } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { ensureTopics } from '@building/infra/kafka/ensure-topics';
import { createKafka } from '@building/infra/kafka/kafka-client';
import { startOutboxRelay } from '@building/infra/kafka/outbox-relay';
import { collectOutboxBacklog } from '@building/infra/metrics/collectors';
import type { HealthCheck } from '@building/infra/metrics/health';
import { brokerCheck, databaseCheck, redisCheck } from '@building/infra/metrics/health-checks';
import { createApp } from './app.ts';
import { createEmulatorIdentityVerifier } from './auth/emulator-identity-verifier.ts';
import { createGoogleIdentityVerifier } from './auth/google-identity-verifier.ts';
import type { IdentityVerifier } from './auth/identity-verifier.ts';
import { migrateImages } from './images/schema.ts';
import { createMemoryRateLimiter } from '@building/infra/rate-limit/memory-rate-limiter';
import { createPaymentProvider } from './payment-provider/stripe-payment-provider.ts';
import { createRedisRateLimiter } from '@building/infra/rate-limit/redis-rate-limiter';

export interface CommandServiceHandle {
  url: string;
  stop(): Promise<void>;
}

const loopback = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Unsigned emulator tokens are accepted only when the emulator is configured; otherwise Google's
 * keys. The emulator is a demo identity provider: anyone who reaches it can verify any address
 * (and so become admin) or sign in as any account. So a command-service reachable beyond loopback
 * refuses to start with it unless DEMO_IDENTITY=1 says this is a demo.
 */
export function identityVerifierFor(config: Config): IdentityVerifier {
  if (config.FIREBASE_AUTH_EMULATOR_HOST && !loopback.has(config.HOST) && config.DEMO_IDENTITY !== '1')
    throw new Error(
      `FIREBASE_AUTH_EMULATOR_HOST is set and the command-service listens on ${config.HOST}: the Auth ` +
        'emulator is a demo identity provider (anyone who reaches it can make themselves admin). Use a ' +
        'Firebase project (FIREBASE_PROJECT_ID, no FIREBASE_AUTH_EMULATOR_HOST), or set DEMO_IDENTITY=1 for a demo.',
    );
  return config.FIREBASE_AUTH_EMULATOR_HOST
    ? createEmulatorIdentityVerifier({
        host: config.FIREBASE_AUTH_EMULATOR_HOST,
        projectId: config.FIREBASE_PROJECT_ID,
      })
    : createGoogleIdentityVerifier({ projectId: config.FIREBASE_PROJECT_ID });
}

/**
 * Wires the real dependencies from the configuration: the Postgres store (with the outbox and its
 * relay when Kafka is configured), the identity verifier, the rate limiter (Redis when configured),
 * and listens on HOST:COMMAND_PORT (0 picks a free port).
 */
export async function startCommandService(
  config: Config,
  options: { logger?: Logger } = {},
): Promise<CommandServiceHandle> {
  const logger = options.logger ?? createLogger('command-service');
  if (!config.JWT_SECRET)
    throw new Error('JWT_SECRET is not set: the command-service cannot sign access tokens');
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set');
  const identity = identityVerifierFor(config);
  const connections = 20;
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: connections } });
  await migrateEventStore(db);
  await migrateImages(db);
  await warmPool(db, connections);
  const distributed = config.kafkaBrokers.length > 0;
  const store = new PostgresEventStore(db, { outbox: distributed, topicPrefix: config.KAFKA_TOPIC_PREFIX });
  // The broker does not auto-create topics; creating ours is idempotent.
  if (distributed) await ensureTopics(config.kafkaBrokers, config.KAFKA_TOPIC_PREFIX);
  const kafka = distributed
    ? createKafka({ brokers: config.kafkaBrokers, clientId: 'building-command-service' })
    : null;
  const relay = kafka && config.OUTBOX_RELAY === 'in-process' ? startOutboxRelay({ db, kafka }) : null;
  const rateLimiter = config.REDIS_URL
    ? createRedisRateLimiter({ url: config.REDIS_URL })
    : createMemoryRateLimiter();

  const redisHealth = config.REDIS_URL ? redisCheck(config.REDIS_URL) : null;
  const health: Record<string, HealthCheck> = { database: databaseCheck(db) };
  if (kafka) health.broker = brokerCheck(kafka);
  if (redisHealth) health.redis = redisHealth.check;
  const stopBacklog = relay ? collectOutboxBacklog(db) : () => {};

  const revokedTokens = await openRevokedTokens(config, db, (line) => logger.warn(line));
  const app = createApp({
    store,
    revokedTokens,
    identity,
    rateLimiter,
    rateLimits: { writes: { points: config.RATE_LIMIT_WRITES_PER_MINUTE, windowSeconds: 60 } },
    jwtSecret: config.JWT_SECRET,
    jwtTtlSeconds: config.JWT_TTL_SECONDS,
    adminEmails: config.adminEmails,
    depositMonths: config.DEPOSIT_MONTHS,
    uiOrigins: config.uiOrigins,
    trustProxyHops: config.TRUST_PROXY,
    publicUrl: config.COMMAND_PUBLIC_URL,
    payments: createPaymentProvider(config),
    metricsToken: config.METRICS_TOKEN,
    health,
    logger,
    log: (error) => logger.error({ err: error }, 'request failed'),
  });
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app
      .listen(config.COMMAND_PORT, config.HOST, () => resolve(listening))
      .once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.COMMAND_PORT;
  return {
    url: `http://${config.HOST}:${port}`,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      stopBacklog();
      await redisHealth?.close();
      await relay?.stop();
      await kafka?.disconnect();
      await rateLimiter.close?.();
      await store.flush();
      await revokedTokens.stop();
      await db.destroy();
    },
  };
}
