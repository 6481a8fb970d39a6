import knex from 'knex';
import { seedBuilding } from '@building/command-service/seed/seed-building';
import type { Config } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { seedDemoAccounts } from '../demo-accounts.ts';
import { authHost, url, type StackEnvironment } from './stack-environment.ts';
import type { ServerGroup } from './server-group.ts';

/**
 * Seeds the building and the demo accounts through the commands (the command-service, ready by
 * now, has created the store's schema), then waits for the read views to catch up.
 */
export async function seedStack(
  env: StackEnvironment,
  databaseUrl: string,
  config: Config,
  group: ServerGroup,
  authStarting: Promise<unknown>,
): Promise<void> {
  const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
  try {
    const store = new PostgresEventStore(db, {
      outbox: env.kafkaMode,
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
    });
    await group.step('building seeded', () => seedBuilding(store, new Date()));
    await authStarting;
    await group.step('demo accounts seeded', () =>
      seedDemoAccounts({
        authHost: authHost(env),
        projectId: env.projectId,
        commandUrl: url(env.ports.command),
        store,
        log: group.say,
      }),
    );
    await group.step('read views caught up', () => waitForViews(url(env.ports.query), store, group.say));
  } finally {
    await db.destroy();
  }
}

/** Waits (bounded) until the query-service has applied the whole log, so the first page is complete. */
async function waitForViews(queryUrl: string, store: PostgresEventStore, log: (line: string) => void) {
  const position = await store.lastPosition();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${queryUrl}/apartment?page=1`, {
      headers: { 'X-Min-Position': String(position) },
    }).catch(() => undefined);
    await response?.body?.cancel();
    if (response?.ok && Number(response.headers.get('X-Position') ?? 0) >= position) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log(`warning: the query-service had not applied position ${position} after 20 s; pages may fill in late`);
}
