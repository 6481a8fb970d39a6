import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { PostgresEventStore, startOfLog } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { appendHistory } from '../testing/append-history.ts';
import { createRecurringExpenseScheduler } from './recurring-expense-scheduler.ts';

const plan = (n: number, dayOfMonth: number): DomainEvent => ({
  type: 'RecurringExpenseSet',
  data: {
    recurringId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    category: n === 1 ? 'salaries' : 'security',
    vendor: `Vendor ${n}`,
    amountPoisha: 1_000_000 * n,
    description: '',
    paidFrom: 'bank',
    dayOfMonth,
    setBy: 'admin@building.test',
    setAt: '2026-09-15T06:00:00.000Z',
  },
});

describe.skipIf(missing('postgres'))('the recurring expense scheduler, two instances', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    test = await createTestDatabase('recurring');
    await migrateEventStore(test.db);
    store = new PostgresEventStore(test.db);
    await appendHistory(store, [plan(1, 1), plan(2, 20)]);
    // A gap-free reader sees the plans once no older transaction of the cluster (another test's,
    // in another database) is still open: wait for that, so the first pass knows both plans.
    for (let tries = 0; tries < 600 && (await store.readAfter(startOfLog)).events.length < 2; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
  });
  afterAll(() => test?.drop());

  it('records each period once, whichever instance gets there first, and nothing on the next pass', async () => {
    const log = () => {};
    // 1 December 2026, 08:00 in Dhaka: salaries of October, November, December; security of Sep, Oct, Nov.
    const now = () => new Date('2026-12-01T02:00:00.000Z');
    const [a, b] = [0, 1].map(() => createRecurringExpenseScheduler({ store, now, log }));
    const issued = await Promise.all([a!.runOnce(), b!.runOnce()]);
    expect(issued[0]! + issued[1]!).toBe(6);
    const recorded = await test.db('events').where({ type: 'ExpenseRecorded' }).select('data');
    const periods = recorded.map(
      (r: { data: { vendor: string; date: string } }) => `${r.data.vendor} ${r.data.date}`,
    );
    expect(periods.sort()).toEqual([
      'Vendor 1 2026-10-01',
      'Vendor 1 2026-11-01',
      'Vendor 1 2026-12-01',
      'Vendor 2 2026-09-20',
      'Vendor 2 2026-10-20',
      'Vendor 2 2026-11-20',
    ]);
    expect(await a!.runOnce()).toBe(0);
    expect(await createRecurringExpenseScheduler({ store, now, log }).runOnce()).toBe(0);
  });
});
