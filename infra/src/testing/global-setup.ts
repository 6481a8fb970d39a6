import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { freePort } from '@building/ports/ports';
import { startEmbeddedPostgres } from '@building/embedded-postgres/start-embedded-postgres';

/**
 * Finds or starts the real services of the integration tier: each from its env var, else started
 * here (embedded Postgres; the Maven-fetched Kafka broker when a JDK is present), else reported
 * missing. With REQUIRE_INFRA=1 a missing service fails the run instead of skipping tests.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  const missing: string[] = [];

  if (!process.env.DATABASE_URL) {
    const dir = mkdtempSync(join(tmpdir(), 'building-test-pg-'));
    const pg = await startEmbeddedPostgres({
      dir,
      port: 15432 + Math.floor(Math.random() * 1000),
      persistent: false,
    });
    process.env.DATABASE_URL = pg.url;
    stops.push(async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    console.log(`[infra] Postgres: embedded, ${pg.url}`);
  } else console.log(`[infra] Postgres: ${redact(process.env.DATABASE_URL)}`);

  if (!process.env.REDIS_URL && (await answers(6379))) process.env.REDIS_URL = 'redis://127.0.0.1:6379';
  if (process.env.REDIS_URL) console.log(`[infra] Redis: ${process.env.REDIS_URL}`);
  else missing.push('Redis (REDIS_URL)');

  if (!process.env.KAFKA_BROKERS) {
    if (hasJava()) {
      const { startKafkaBroker } = await import('@building/kafka-broker/broker');
      const dataDir = mkdtempSync(join(tmpdir(), 'building-test-kafka-'));
      const broker = await startKafkaBroker({ port: await freePort(), dataDir });
      process.env.KAFKA_BROKERS = broker.brokers.join(',');
      stops.push(async () => {
        await broker.stop();
        rmSync(dataDir, { recursive: true, force: true });
      });
      console.log(`[infra] Kafka: started ${broker.version} (KRaft) at ${process.env.KAFKA_BROKERS}`);
    } else missing.push('Kafka (KAFKA_BROKERS, or a JDK to run the Maven-fetched broker)');
  } else console.log(`[infra] Kafka: ${process.env.KAFKA_BROKERS}`);

  if (missing.length > 0) {
    const line = `[infra] MISSING: ${missing.join('; ')}: their integration tests are skipped`;
    if (process.env.REQUIRE_INFRA === '1') throw new Error(`${line} (REQUIRE_INFRA=1 makes this fatal)`);
    console.warn(`\n!!! ${line}\n`);
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

function hasJava(): boolean {
  try {
    execSync('java -version', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

function redact(url: string): string {
  return url.replace(/:[^:@/]+@/, ':***@');
}
