import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalAt } from '@building/domain/books/journal';
import { people, scriptedBuilding } from '@building/domain/testing/scripted-building';
import { trialBalanceOf } from '@building/events/books/trial-balance';
import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import { missing } from '@building/infra/testing/infra-availability';
import { createQueryHarness, type QueryHarness } from './testing/query-harness.ts';

const admin = { as: people.admin.email };
const taka = (poisha: number) => poisha / 100;

describe.skipIf(missing('postgres'))('GET /journal, GET /trial-balance', () => {
  let q: QueryHarness;
  let log: DecodedEvent[];

  beforeAll(async () => {
    q = await createQueryHarness('journal_routes');
    await scriptedBuilding(q.history);
    const entry = { vendor: 'Karim Plumbing', description: '', receipt: null, paidFrom: 'cash' as const };
    await q.history.recordExpense({
      ...entry,
      date: '2026-01-02',
      category: 'repairs',
      amountPoisha: 350_050,
    });
    const twice = await q.history.recordExpense({
      ...entry,
      date: '2026-01-03',
      category: 'repairs',
      amountPoisha: 100_000,
    });
    await q.history.reverseExpense(twice.expenseId, 'Entered twice');
    await q.catchUp();
    log = [];
    for await (const page of q.store.readAll()) log.push(...page.map(decodeEvent));
  });
  afterAll(() => q?.close());

  it('answers the trial balance at a day as the log folds it, debits equal to credits', async () => {
    const reply = await q.get('/trial-balance?at=2026-03-31', admin);
    expect(reply.status).toBe(200);
    const at = new Date(reply.body.asOf);
    const folded = trialBalanceOf(journalAt(log, at).flatMap((e) => e.lines));
    expect(reply.body).toEqual({ ...folded, asOf: at.toISOString() });
    expect(reply.body.totalDebit).toBe(reply.body.totalCredit);
    const account = (name: string) =>
      reply.body.accounts.find((a: { account: string }) => a.account === name);
    expect(account('expense:repairs')).toEqual({
      account: 'expense:repairs',
      debit: 4500.5,
      credit: 1000,
      balance: 3500.5,
    });
    expect(account('income:rent').credit).toBeGreaterThan(0);
    expect(account('income:rent-discounts').debit).toBeGreaterThan(0);
  });

  it('answers a window of the journal, each entry balanced, and the entries touching one account', async () => {
    const reply = await q.get('/journal?from=2026-01-01&to=2026-01-31', admin);
    expect(reply.status).toBe(200);
    // January in Dhaka (UTC+6), as the log folds it.
    const january = journalAt(log, new Date('2026-01-31T17:59:59.999Z')).filter(
      (e) => new Date(e.at) >= new Date('2025-12-31T18:00:00.000Z'),
    );
    expect(reply.body.entries.map((e: { id: string }) => e.id)).toEqual(january.map((e) => e.id));
    expect(reply.body.entries.some((e: { id: string }) => e.id.startsWith('rent-'))).toBe(true);
    for (const e of reply.body.entries) {
      const sum = (side: 'debit' | 'credit') =>
        e.lines.reduce((s: number, l: Record<string, number>) => s + Math.round(l[side]! * 100), 0);
      expect(sum('debit'), e.memo).toBe(sum('credit'));
    }
    expect(reply.body.totalDebit).toBe(reply.body.totalCredit);

    const repairs = await q.get('/journal?from=2026-01-01&to=2026-01-31&account=EXPENSE:REPAIRS', admin);
    expect(repairs.body.account).toBe('expense:repairs');
    expect(repairs.body.entries.map((e: { memo: string }) => e.memo)).toEqual([
      'repairs: Karim Plumbing',
      'repairs: Karim Plumbing',
      'repairs expense reversed: Entered twice',
    ]);
    expect([repairs.body.totalDebit, repairs.body.totalCredit]).toEqual([taka(450_050), taka(100_000)]);
  });

  it('answers admins only, and 400 naming the field for a bad date, window or account', async () => {
    expect((await q.get('/journal', { as: people.alice.email })).status).toBe(403);
    expect((await q.get('/trial-balance', { as: people.alice.email })).status).toBe(403);
    expect((await q.get('/trial-balance')).status).toBe(401);
    for (const bad of [
      '/journal?from=2026-02-30',
      '/journal?to=2026-13-01',
      '/journal?from=2026-02-01&to=2026-01-01',
      '/journal?from=2025-01-01&to=2026-06-01',
      '/journal?account=petty%20cash',
      '/trial-balance?at=yesterday',
      '/trial-balance?at=2026-02-30',
    ]) {
      const reply = await q.get(bad, admin);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.type, bad).toMatch(/invalid-input$/);
    }
  });
});
