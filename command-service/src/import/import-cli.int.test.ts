import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialBalanceOf } from '@building/events/books/trial-balance';
import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import { journalAt } from '@building/domain/books/journal';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { runCli } from '@building/infra/ops/testing/run-cli';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';

const importCli = 'command-service/src/import/import-cli.ts';
const exportCli = 'command-service/src/export/export-cli.ts';
const example = (name: string) => `docs/examples/import/${name}`;
const sample = [
  '--apartments',
  example('apartments.csv'),
  '--residents',
  example('residents.csv'),
  '--balances',
  example('balances.csv'),
];

describe.skipIf(missing('postgres'))('npm run import and npm run export', { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const env = () => ({ DATABASE_URL: database.url });
  const log = async () => {
    const events: DecodedEvent[] = [];
    for await (const page of store.readAll()) events.push(...page.map(decodeEvent));
    return events;
  };

  beforeAll(async () => {
    database = await createTestDatabase('import');
    await migrateEventStore(database.db);
    store = new PostgresEventStore(database.db);
  });
  afterAll(() => database?.drop());

  it('reports all three bad rows (line, column, reason), exits 1 and records nothing, the good files neither', async () => {
    const bad = [...sample.slice(0, 4), '--balances', example('balances-3-bad-rows.csv')];
    const result = await runCli(importCli, bad, env());
    expect(result.code).toBe(1);
    const reported = result.stderr.split('\n').filter((line) => line.includes('balances-3-bad-rows.csv:'));
    expect(reported.map((line) => line.trim())).toEqual([
      'docs/examples/import/balances-3-bad-rows.csv:3 amount: expected an amount in taka with at most 2 decimals',
      'docs/examples/import/balances-3-bad-rows.csv:4 kind: Invalid option: expected one of "arrears"|"credit"',
      'docs/examples/import/balances-3-bad-rows.csv:6 as_of: no such date',
    ]);
    expect(await store.lastPosition()).toBe(0);
  });

  it('reports a row the rules refuse (a second resident for a leased apartment) and records nothing of the others', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'import-'));
    const residents = join(dir, 'residents.csv');
    await writeFile(residents, 'email,name,si\nmina@example.com,Mina,1\nrafi@example.com,Rafi,1\n');
    const result = await runCli(
      importCli,
      ['--apartments', example('apartments.csv'), '--residents', residents],
      env(),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/residents\.csv:3 si: .*\(apartment-already-booked\)/);
    expect(await store.lastPosition()).toBe(0);
  });

  it('prints what a dry run would record, and records nothing', async () => {
    const result = await runCli(importCli, [...sample, '--dry-run'], env());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^POSITION\s+TIME\s+STREAM\s+VERSION\s+TYPE\s+ACTOR\s+DATA$/m);
    expect(result.stdout).toMatch(/apartment-40\s+1\s+ApartmentListed\s+import\s+\{/);
    expect(result.stdout).toContain('dry run: would record 177 events');
    expect(await store.lastPosition()).toBe(0);
  });

  it('records the sample building as the actor import, in one go, and the books balance', async () => {
    const result = await runCli(importCli, sample, env());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'recorded 177 events (ApartmentListed 40, UserRegistered 30, AgreementRequested 30, AgreementAccepted 30, MemberPromoted 30, DepositOwed 6, OpeningBalanceRecorded 11), up to position 177\n',
    );
    const events = await log();
    expect(events).toHaveLength(177);
    expect(new Set(events.map((e) => e.actor))).toEqual(new Set(['import']));
    expect(new Set(events.map((e) => e.correlationId)).size).toBe(1);
    const leases = events.filter((e) => e.type === 'AgreementAccepted');
    expect(new Set(leases.map((e) => e.data.si)).size).toBe(30);

    const books = trialBalanceOf(journalAt(events, new Date()).flatMap((e) => e.lines));
    expect(books.totalDebit).toBe(books.totalCredit);
    const opening = books.accounts.find((a) => a.account === 'opening-balances')!;
    // Arrears 28000 + 14500.50 + 1250.75 + 41000 + 3000.25 + 16000 + 9999.99, credits 5000 + 20000 + 750.50 + 2500.
    expect([opening.debit, opening.credit]).toEqual([28_250.5, 113_751.49]);
  });

  it('records nothing new when the same files come again', async () => {
    const result = await runCli(importCli, sample, env());
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('nothing new to record: the building already holds every row\n');
    expect(await store.lastPosition()).toBe(177);
  });

  it('exports the journal of the days asked as CSV: a header, a row per line, taka with 2 decimals', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'export-'));
    const out = join(dir, 'journal.csv');
    const result = await runCli(
      exportCli,
      ['--journal', '--from', '2026-10-31', '--to', '2026-10-31', '--out', out],
      env(),
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('11 entries, 22 lines written to');
    const csv = await readFile(out, 'utf8');
    const [header, ...rows] = csv.split('\r\n');
    expect(header).toBe('date,entry,memo,account,debit,credit');
    expect(rows.pop()).toBe('');
    expect(rows).toHaveLength(22);
    const balances = (await log()).filter((e) => e.type === 'OpeningBalanceRecorded');
    const sadia = balances.find((e) => e.data.email === 'sadia.afrin@example.com')!;
    expect(rows).toContain(
      `2026-10-31,${sadia.id},"opening balance (arrears) of sadia.afrin@example.com: electricity, September",receivable:sadia.afrin@example.com,1250.75,0.00`,
    );
    expect(rows).toContain(
      `2026-10-31,${sadia.id},"opening balance (arrears) of sadia.afrin@example.com: electricity, September",opening-balances,0.00,1250.75`,
    );

    const before = await runCli(
      exportCli,
      ['--journal', '--from', '2026-09-01', '--to', '2026-10-30'],
      env(),
    );
    expect(before.code).toBe(0);
    expect(before.stdout).toBe('date,entry,memo,account,debit,credit\r\n');
  });

  it('refuses an export without its days, with the usage and exit code 2', async () => {
    const result = await runCli(exportCli, ['--journal', '--from', '2026-10-31'], env());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--journal needs --from and --to');
    expect(result.stderr).toContain('usage:');
  });
});
