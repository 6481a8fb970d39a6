import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { people } from '@building/domain/testing/scripted-building';
import { createQueryHarness, type QueryHarness } from './testing/query-harness.ts';

const entry = (date: string, category: 'repairs' | 'salaries', amountPoisha: number) => ({
  date,
  category,
  vendor: category === 'repairs' ? 'Karim Plumbing' : 'Guards',
  amountPoisha,
  description: '',
  receipt: null,
  paidFrom: 'cash' as const,
});

describe.skipIf(missing('postgres'))('GET /expenses', () => {
  let q: QueryHarness;

  beforeAll(async () => {
    q = await createQueryHarness('expense_routes');
    await q.history.register(people.admin.email, people.admin.name, { admin: true });
    await q.history.register(people.alice.email, people.alice.name);
    await q.history.recordExpense(entry('2026-01-02', 'repairs', 350_050));
    const twice = await q.history.recordExpense(entry('2026-01-03', 'repairs', 100_000));
    await q.history.reverseExpense(twice.expenseId, 'Entered twice');
    await q.history.recordExpense(entry('2026-01-04', 'salaries', 2_400_000));
    await q.catchUp();
  });
  afterAll(() => q?.close());

  it('answers the window by date, reversals marked, the total of what stands', async () => {
    const reply = await q.get('/expenses?from=2026-01-02&to=2026-01-03', { as: people.admin.email });
    expect(reply.status).toBe(200);
    expect(reply.body.expenses.map((e: { amount: number }) => e.amount)).toEqual([3500.5, 1000]);
    expect(reply.body.expenses[1].reversal).toMatchObject({ reason: 'Entered twice' });
    expect(reply.body.total).toBe(3500.5);
    const salaries = await q.get('/expenses?category=salaries', { as: people.admin.email });
    expect(salaries.body).toMatchObject({ total: 24_000, expenses: [{ vendor: 'Guards' }] });
  });

  it('answers admins only, and 400 for a bad window or category', async () => {
    expect((await q.get('/expenses', { as: people.alice.email })).status).toBe(403);
    for (const bad of ['from=2026-13-01', 'category=parties', 'from=2026-02-01&to=2026-01-01'])
      expect((await q.get(`/expenses?${bad}`, { as: people.admin.email })).status).toBe(400);
  });
});
