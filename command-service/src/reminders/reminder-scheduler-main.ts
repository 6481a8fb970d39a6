import knex from 'knex';
import { loadConfig } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { databaseCheck } from '@building/infra/metrics/health-checks';
import { startMetricsPort } from '@building/infra/metrics/metrics-server';
import { CannotStart, runMain } from '@building/infra/process/run-main';
import { createRecurringExpenseScheduler } from '../expense/recurring-expense-scheduler.ts';
import { createReminderScheduler } from './reminder-scheduler.ts';
import { reminderSettings } from './reminder-settings.ts';

// The rent reminder scheduler as a process of its own. Several may run: the payment streams decide.
await runMain('reminder-scheduler', async () => {
  const config = loadConfig();
  const settings = reminderSettings(process.env);
  if (!config.DATABASE_URL) throw new CannotStart('the reminder scheduler needs DATABASE_URL');
  const log = (line: string) => console.log(`[reminder-scheduler] ${line}`);
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: 2 } });
  await migrateEventStore(db);
  // In the Kafka mode its reminders go out through the outbox like every other event.
  const store = new PostgresEventStore(db, {
    outbox: config.kafkaBrokers.length > 0,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
  });
  // Recurring expenses are issued on the reminders' wake, by the same process (and its replicas).
  const expenses = createRecurringExpenseScheduler({ store, now: settings.now, log });
  const issueExpenses = () =>
    expenses.runOnce().catch((error: unknown) => {
      log(`recurring expenses failed, retrying at the next wake: ${String(error)}`);
      return 0;
    });
  const scheduler = createReminderScheduler({ store, ...settings, log, afterPass: issueExpenses });
  await scheduler.runOnce();
  scheduler.start();
  const metrics = await startMetricsPort(config, 'reminder-scheduler', config.METRICS_PORT_REMINDERS, {
    checks: { database: databaseCheck(db) },
  });
  return {
    said: `running, waking every ${settings.intervalMs} ms (clock ${settings.now().toISOString()}, late fee ${settings.lateFeePercent}%)`,
    async stop() {
      await metrics?.stop();
      await scheduler.stop();
      await db.destroy();
    },
  };
});
