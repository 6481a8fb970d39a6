import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projections } from '../projections/registry.ts';
import { startProjector } from '../start-projector.ts';
import { buildingHistory, type BuildingHistory } from '@building/domain/testing/building-history';
import { scriptedBuilding } from '@building/domain/testing/scripted-building';
import { loadConfig } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { projectionsReport, type ProjectionsReport } from '@building/infra/read-models/projections-report';
import { rebuildProjections } from './projections/rebuild-projections.ts';
import { retireProjection } from './projections/retire-projection.ts';
import { runCli, startCli } from '@building/infra/ops/testing/run-cli';
import { createCommandContext } from '@building/domain/command-handling/command-context';
import { recordExpense } from '@building/domain/expense/commands';
import { setTariff } from '@building/domain/account/set-prices';
import { appendSampleLog } from '@building/domain/testing/sample-log';
import { leftoverTables, liveTables, tableHash, tableShapes, viewHashes } from './testing/view-hashes.ts';

const projectionsCli = 'projector/src/ops/projections-cli.ts';

describe.skipIf(missing('postgres'))('npm run projections', { timeout: 240_000 }, () => {
  let database: TestDatabase;
  let db: Knex;
  let history: BuildingHistory;
  let projector: { stop(): Promise<void> };
  const tables = liveTables(projections);
  const env = () => ({ DATABASE_URL: database.url });

  beforeAll(async () => {
    database = await createTestDatabase('rebuild');
    db = database.db;
    await migrateEventStore(db);
    const store = new PostgresEventStore(db);
    history = buildingHistory(store);
    await scriptedBuilding(history);
    await appendSampleLog(store, { apartments: 60, firstSi: 101 });
    // An expense, so the books' view has a stream too.
    await recordExpense(createCommandContext({ store }), {
      expenseId: '7e57e7e5-0000-4000-8000-000000000001',
      date: '2026-01-02',
      category: 'repairs',
      vendor: 'Plumber',
      amountPoisha: 150_000,
      description: 'Pump repair',
      receipt: null,
      paidFrom: 'cash',
      caller: { email: 'admin@building.test', role: 'admin', name: 'Admin' },
      now: new Date('2026-01-02T09:00:00Z'),
    });
    // A tariff, so the prices view has a stream too.
    await setTariff(createCommandContext({ store }), {
      utility: 'gas',
      perUnit: 1_200,
      fixed: 0,
      caller: { email: 'admin@building.test', role: 'admin', name: 'Admin' },
      now: new Date('2026-01-02T09:00:00Z'),
    });
    projector = await startProjector(loadConfig({ DATABASE_URL: database.url }), { log: () => {} });
    await caughtUp(db);
  }, 300_000);
  afterAll(async () => {
    await projector?.stop();
    await database?.drop();
  });

  it('status shows each projection caught up with the log', async () => {
    const json = await runCli(projectionsCli, ['status', '--format', 'json'], env());
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as ProjectionsReport;
    expect(report.projections.map((p) => p.name)).toEqual(projections.map((p) => p.name));
    const last = await new PostgresEventStore(db).lastPosition();
    for (const p of report.projections) {
      expect(p).toMatchObject({ pending: 0, parked: 0, lastError: null, lag: last - p.position });
      expect(p.streams).toBeGreaterThan(0);
    }
    const table = await runCli(projectionsCli, ['status'], env());
    expect(table.stdout).toMatch(/^PROJECTION\s+POSITION\s+LAG\s+PENDING\s+STREAMS\s+PARKED\s+LAST ERROR$/m);
    expect(table.stdout).toMatch(/^apartments_v1\s+\d+\s+\d+\s+0\s+\d+\s+0\s+-$/m);
  });

  it('rebuild --all under concurrent reads: no read fails or sees a partial view, the views come out identical', async () => {
    const before = await viewHashes(db, tables);
    const shapesBefore = await tableShapes(db, tables);
    const oidsBefore = await tableOids(db, tables);
    const readers = startReaders(database.url, tables, before);
    const result = await runCli(projectionsCli, ['rebuild', '--all', '--batch-size', '50'], env());
    const reads = await readers.stop();
    expect(result.stderr).not.toContain('failed');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^rebuilt apartments_v1, .*: \d+ events replayed, \d+ caught up in the swap/,
    );
    expect(reads.errors).toEqual([]);
    expect(reads.mismatches).toEqual([]);
    expect(reads.count).toBeGreaterThan(tables.length * 2);
    expect(await viewHashes(db, tables)).toEqual(before);
    // Keys (built as unique indexes, then made keys), indexes and collations as the projector makes them.
    expect(Object.keys(shapesBefore).sort()).toEqual([...tables].sort());
    expect(await tableShapes(db, tables)).toEqual(shapesBefore);
    // The tables really are new ones, and nothing is left behind.
    const oidsAfter = await tableOids(db, tables);
    for (const table of tables) expect(oidsAfter[table]).not.toBe(oidsBefore[table]);
    expect(await leftoverTables(db)).toEqual([]);
    const report = await projectionsReport(
      db,
      projections.map((p) => p.model),
    );
    expect(report.projections.every((p) => p.pending === 0)).toBe(true);
  }, 240_000);

  it('loses nothing the live projector applies while a rebuild runs', async () => {
    let stop = false;
    let si = 500;
    // Stops by itself too, so a failed rebuild cannot leave it writing into the next test.
    const deadline = Date.now() + 180_000;
    const writer = (async () => {
      for (; !stop && Date.now() < deadline && si < 540; si++) {
        await newTenant(history, si);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    let result;
    try {
      result = await rebuildProjections(db, projections, {
        batchSize: 100,
        log: () => {},
        // Events the live views get between the replay's end and the swap: only the catch-up
        // inside the swap can bring them into the rebuilt views.
        beforeSwap: async () => {
          stop = true;
          await writer;
          await newTenant(history, si++);
          await caughtUp(db);
        },
      });
    } finally {
      stop = true;
      await writer;
    }
    expect(result.caughtUp).toBeGreaterThanOrEqual(4);
    await caughtUp(db);
    const afterLive = await viewHashes(db, tables);
    // A quiet rebuild of the whole log must produce exactly what the live views hold, however many
    // partitions its fold takes.
    await rebuildProjections(db, projections, { log: () => {}, eventsPerPartition: 7 });
    expect(await viewHashes(db, tables)).toEqual(afterLive);
    expect((await tableHash(db, 'apartments_v1_apartments')).rows).toBeGreaterThan(68);
  });

  it('a rebuild killed mid-way leaves the live views untouched, and running it again succeeds', async () => {
    const before = await viewHashes(db, tables);
    const { child, done } = startCli(projectionsCli, ['rebuild', '--all', '--batch-size', '5'], env());
    // Mid-way: the shadow tables are there (from the rebuild's start until its swap commits; the
    // shadows' positions, written just before the swap, were there too briefly to be seen on a busy machine).
    await vi.waitFor(async () => expect(await leftoverTables(db)).not.toEqual([]), {
      timeout: 20_000,
      interval: 50,
    });
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.code).toBeNull();
    expect(await leftoverTables(db)).not.toEqual([]);
    expect(await viewHashes(db, tables)).toEqual(before);

    const rerun = await runCli(projectionsCli, ['rebuild', '--all'], env());
    expect(rerun.code).toBe(0);
    expect(await leftoverTables(db)).toEqual([]);
    expect(await viewHashes(db, tables)).toEqual(before);
    expect(await db('projection_status').whereLike('projection', '%\\_shadow')).toEqual([]);
  }, 240_000);

  it('rebuilds a single projection by name', async () => {
    const before = await viewHashes(db, tables);
    const result = await runCli(projectionsCli, ['rebuild', 'coupons_v2'], env());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^rebuilt coupons_v2: /);
    expect(await viewHashes(db, tables)).toEqual(before);
  });

  it('retires a version no longer registered, and only it', async () => {
    const before = await viewHashes(db, tables);
    await db.raw('create table coupons_v0_coupons (coupon_id uuid primary key)');
    await db.raw('create table coupons_v0_shadow_coupons (coupon_id uuid primary key)');
    await db('projection_status').insert([{ projection: 'coupons_v0' }, { projection: 'coupons_v0_shadow' }]);
    await db.raw('create table coupons_v0_streams (stream text primary key, version integer not null)');
    expect(await retireProjection(db, 'coupons_v0')).toEqual([
      'coupons_v0_coupons',
      'coupons_v0_shadow_coupons',
      'coupons_v0_streams',
    ]);
    expect(await db('projection_status').whereLike('projection', 'coupons\\_v0%')).toEqual([]);
    expect(await viewHashes(db, tables)).toEqual(before);
  });

  it('a log with an event out of place (a gap): the rebuild folds it again, every row by its key, and makes what the live views hold', async () => {
    // A payment far past its stream's last version: the live projector parks it, waiting for
    // versions that never come. A rebuild's first pass had COPYed its ledger lines already.
    await db.raw(`insert into events (id, stream, version, type, schema_version, data, occurred_at, actor,
        correlation_id, causation_id, prev_hash, hash, metadata)
      select gen_random_uuid(), stream, version + 10, type, schema_version, data, occurred_at, actor,
        correlation_id, causation_id, prev_hash, hash, metadata
      from events where type = 'RentPaid' order by position desc limit 1`);
    const tracking = projections.filter((p) => (p.model.categories as readonly string[]).includes('payment'));
    await vi.waitFor(
      async () => {
        const parked = await db('parked_events')
          .where({ reason: 'gap' })
          .countDistinct('projection as n')
          .first();
        expect(Number(parked?.n)).toBe(tracking.length);
      },
      { timeout: 30_000, interval: 50 },
    );
    const before = await viewHashes(db, tables);
    const lines: string[] = [];
    await rebuildProjections(db, projections, { log: (line) => lines.push(line) });
    expect(lines.filter((line) => line.includes('folding the log again'))).toHaveLength(1);
    expect(await viewHashes(db, tables)).toEqual(before);
    expect(
      await db('parked_events').where({ reason: 'gap' }).countDistinct('projection as n').first(),
    ).toEqual({
      n: String(tracking.length),
    });
  });

  it('rejects bad arguments with the usage and exit code 2', async () => {
    const result = await runCli(projectionsCli, ['rebuild', 'nope_v1'], env());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown projection nope_v1');
    expect(result.stderr).toContain('usage:');
  });
});

async function newTenant(h: BuildingHistory, si: number) {
  const email = `late${si}@example.com`;
  await h.register(email, `Late ${si}`);
  await h.list(si);
  const { requestId } = await h.request(si, email);
  await h.accept(requestId);
}

async function caughtUp(db: Knex): Promise<void> {
  await vi.waitFor(
    async () => {
      const report = await projectionsReport(
        db,
        projections.map((p) => p.model),
      );
      expect(report.projections.filter((p) => p.pending !== 0)).toEqual([]);
    },
    { timeout: 180_000, interval: 50 },
  );
}

async function tableOids(db: Knex, tables: readonly string[]): Promise<Record<string, number>> {
  const oids: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await db.raw<{ rows: Array<{ oid: number }> }>('select ?::regclass::oid as oid', [
      table,
    ]);
    oids[table] = Number(rows[0]!.oid);
  }
  return oids;
}

/** Two readers hashing every view in a loop, on their own connections, as the query-service would. */
function startReaders(url: string, tables: readonly string[], expected: Record<string, string>) {
  const readDb = knex({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
  const errors: string[] = [];
  const mismatches: string[] = [];
  let count = 0;
  let stopped = false;
  const reader = async () => {
    while (!stopped) {
      for (const table of tables) {
        try {
          const { hash } = await tableHash(readDb, table);
          count += 1;
          if (hash !== expected[table]) mismatches.push(table);
        } catch (error) {
          errors.push(`${table}: ${(error as Error).message}`);
        }
      }
    }
  };
  const running = [reader(), reader()];
  return {
    async stop() {
      stopped = true;
      await Promise.all(running);
      await readDb.destroy();
      return { errors, mismatches, count };
    },
  };
}
