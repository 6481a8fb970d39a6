import { afterAll, describe, expect, it } from 'vitest';
import { journalAt } from '@building/domain/books/journal';
import { trialBalanceOf } from '@building/events/books/trial-balance';
import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import type { StoredEvent } from '@building/events/envelope';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { runCli } from '@building/infra/ops/testing/run-cli';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { createProjector } from '@building/projector/apply-events';
import { liveTarget } from '@building/projector/projection-target';
import { migrateProjector } from '@building/projector/projector-schema';
import { journal } from '@building/projector/projections/journal';
import { hashViews } from '@building/projector/testing/views-harness';
import { journalBetween, trialBalanceAt } from '@building/query-service/books/journal-reads';
import { seedLog } from './seed-log.ts';

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

const target = liveTarget(journal);
const end = new Date('2100-01-01T00:00:00Z');

describe.skipIf(missing('postgres'))('the journal of a generated history', { timeout: 240_000 }, () => {
  it('projected live equals the journal rebuilt from the log, the log folded alone and the audit; debits = credits', async () => {
    const database = await createTestDatabase('journal_history');
    databases.push(database);
    const { db } = database;
    await seedLog(db, { events: 1_500, seed: 29 });
    const stored: StoredEvent[] = [];
    for await (const page of new PostgresEventStore(db).readAll()) stored.push(...page);
    const log: DecodedEvent[] = stored.map(decodeEvent);
    for (const type of ['RentPaid', 'OfflinePaymentRecorded', 'ExpenseRecorded', 'DepositOwed'])
      expect(
        log.some((e) => e.type === type),
        type,
      ).toBe(true);

    // Live: the projector's batches, as events arrive.
    await migrateProjector(db, [target]);
    const projector = createProjector({ db, targets: [target], log: () => {} });
    for (let start = 0; start < stored.length; start += 97)
      await projector.project(stored.slice(start, start + 97));
    const live = await hashViews(db, [target]);
    const balance = await trialBalanceAt(db, end);
    const entries = await journalBetween(db, { from: new Date(0), to: end });

    // Rebuilt from the log by the operator's command.
    const env = { DATABASE_URL: database.url };
    const rebuilt = await runCli('projector/src/ops/projections-cli.ts', ['rebuild', journal.name], env);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(await hashViews(db, [target])).toBe(live);
    expect(await trialBalanceAt(db, end)).toEqual(balance);

    // The auditor's trial balance halfway through, folded from the log alone, is the view's then.
    const at = stored[Math.floor(stored.length / 2)]!.occurredAt;
    const audit = await runCli(
      'command-service/src/audit/audit-cli.ts',
      ['state', '--at', at, '--format', 'json'],
      env,
    );
    expect(audit.code, audit.stderr).toBe(0);
    expect(JSON.parse(audit.stdout).trialBalance).toEqual(await trialBalanceAt(db, new Date(at)));

    // The log folded alone, with the posting function: the same entries and balances.
    const folded = journalAt(log, end);
    expect(entries).toEqual(folded.map((e) => ({ ...e, at: new Date(e.at).toISOString() })));
    expect(balance).toEqual(trialBalanceOf(folded.flatMap((e) => e.lines)));
    expect(balance.totalDebit).toBeGreaterThan(0);
    expect(balance.totalDebit).toBe(balance.totalCredit);
    expect(await db('parked_events').count('* as n').first()).toEqual({ n: '0' });
  });
});
