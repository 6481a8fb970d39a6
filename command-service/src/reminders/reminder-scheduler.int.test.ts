import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { appendHistory } from '../testing/append-history.ts';

const main = fileURLToPath(new URL('./reminder-scheduler-main.ts', import.meta.url));
const leases = 240;
const paidAhead = 10;
const owing = leases - paidAhead;
/** Every month is reminded: those paid ahead still owe their service charge. */
const reminded = leases;

const servicePoisha = 250_000;

/**
 * Leases of `leases` apartments, accepted in February 2026; the first few paid March's rent
 * ahead; a monthly service charge planned for their block.
 */
function history(): DomainEvent[] {
  const events: DomainEvent[] = [
    {
      type: 'ChargePlanSet',
      data: {
        tariff: 'service',
        amountPoisha: null,
        byBlock: { X: servicePoisha },
        setBy: 'admin@building.test',
        setAt: '2026-02-01T00:00:00.000Z',
      },
    },
  ];
  for (let si = 1; si <= leases; si++) {
    const email = `tenant${si}@building.test`;
    const lease = { si, apartment: `X-${si}`, block: 'X', floor: 1, room: String(si), rent: 10_000 + si };
    events.push({
      type: 'AgreementAccepted',
      data: {
        ...lease,
        requestId: `00000000-0000-4000-8000-${String(si).padStart(12, '0')}`,
        userEmail: email,
        userName: `Tenant ${si}`,
        acceptedAt: '2026-02-10T04:00:00.000Z',
      },
    });
    if (si <= paidAhead)
      events.push({
        type: 'RentPaid',
        data: {
          ...lease,
          paymentIntentId: `pi_${si}`,
          transactionId: `pi_${si}`,
          month: 'March',
          year: 2026,
          email,
          name: `Tenant ${si}`,
          rentPoisha: lease.rent * 100,
          discount: 0,
          couponCode: null,
          amountPoisha: lease.rent * 100,
          paidAt: '2026-02-20T04:00:00.000Z',
        },
      });
  }
  return events;
}

describe.skipIf(missing('postgres'))('the reminder scheduler, several instances, restarted mid-run', () => {
  // Its reminders, service charges and late fees: each exactly once per month.
  let test: TestDatabase;
  const running = new Set<ChildProcess>();

  const start = (clock: string, mode: Record<string, string>) => {
    const child = spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: test.url,
        REMINDER_INTERVAL_MS: '150',
        REMINDER_CLOCK_START: clock,
        LATE_FEE_PERCENT: '5',
        ...mode,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(String(chunk)));
    child.stderr!.on('data', (chunk: Buffer) => output.push(String(chunk)));
    running.add(child);
    child.once('exit', () => running.delete(child));
    return { child, output };
  };
  const stop = async (child: ChildProcess, signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const count = async (kind: 'due' | 'overdue') => {
    const { rows } = await test.db.raw<{ rows: Array<{ n: string }> }>(
      `select count(*) as n from events where type = 'RentReminderIssued' and data->>'kind' = ?`,
      [kind],
    );
    return Number(rows[0]!.n);
  };
  const countOf = async (where: string) => {
    const { rows } = await test.db.raw<{ rows: Array<{ n: string }> }>(
      `select count(*) as n from events where ${where}`,
    );
    return Number(rows[0]!.n);
  };
  const serviceCharges = () => countOf(`type = 'ChargeAdded' and data->>'origin' = 'plan'`);
  const lateFees = () => countOf(`type = 'LateFeeCharged'`);
  const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;)
      if (await check()) return;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    throw new Error(`timed out waiting until ${what}`);
  };

  /**
   * Two instances at `clock`; once the first reminder is in the log, the first instance is killed
   * outright and started again; until `done` too. Answers how many reminders of `kind` there were at the kill.
   */
  async function runWithRestart(
    clock: string,
    kind: 'due' | 'overdue',
    mode: Record<string, string>,
    done: () => Promise<boolean>,
  ) {
    const first = start(clock, mode);
    const second = start(clock, mode);
    await until(`a first ${kind} reminder`, async () => (await count(kind)) > 0);
    await stop(first.child, 'SIGKILL');
    const atKill = await count(kind);
    const restarted = start(clock, mode);
    await until(`every ${kind} reminder`, async () => (await count(kind)) >= reminded && (await done()));
    // Let every instance wake a few more times: none may add anything.
    await until('each instance woke again', async () =>
      [second, restarted].every((p) => p.output.join('').includes('running')),
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    for (const p of [second, restarted]) await stop(p.child, 'SIGTERM');
    return { atKill, logs: [first, second, restarted].map((p) => p.output.join('')) };
  }

  beforeAll(async () => {
    test = await createTestDatabase('reminder_scheduler');
    await migrateEventStore(test.db);
    await appendHistory(new PostgresEventStore(test.db), history());
  });
  afterAll(async () => {
    for (const child of running) await stop(child, 'SIGKILL');
    await test?.drop();
  });

  // Four scheduler processes start in turn, each folding the log: slow on a busy machine.
  it(
    'issues exactly one due reminder per unpaid month, then exactly one overdue one',
    { timeout: 180_000 },
    async () => {
      // 1 March, 06:00 in Dhaka: March is due. The embedded mode: the store alone.
      const due = await runWithRestart(
        '2026-03-01T00:00:00.000Z',
        'due',
        {},
        async () => (await serviceCharges()) >= leases,
      );
      expect(due.atKill, 'the kill came mid-run').toBeLessThan(owing);
      expect(await count('due')).toBe(reminded);
      expect(await count('overdue')).toBe(0);
      // Every leased apartment's service charge for March, paid ahead or not; no late fee yet.
      expect(await serviceCharges()).toBe(leases);
      expect(await lateFees()).toBe(0);
      // 6 March, 06:00 in Dhaka: March is overdue. The distributed mode: the reminders go to the
      // outbox for the relay (the scheduler itself never talks to Kafka, so no broker is needed here).
      const overdue = await runWithRestart(
        '2026-03-06T00:00:00.000Z',
        'overdue',
        { KAFKA_BROKERS: '127.0.0.1:1' },
        async () => (await lateFees()) >= owing,
      );
      expect(overdue.atKill, 'the kill came mid-run').toBeLessThan(owing);
      expect(await count('overdue')).toBe(reminded);
      expect(await count('due')).toBe(reminded);

      const { rows: outbox } = await test.db.raw<{ rows: Array<{ kind: string; topic: string; n: string }> }>(
        `select e.data->>'kind' as kind, o.topic, count(*) as n from outbox o join events e using (position)
       where e.type = 'RentReminderIssued' group by 1, 2`,
      );
      expect(outbox).toEqual([{ kind: 'overdue', topic: 'building.payments', n: String(reminded) }]);

      const { rows } = await test.db.raw<{ rows: Array<{ stream: string; kind: string; n: string }> }>(
        `select stream, data->>'kind' as kind, count(*) as n from events
       where type = 'RentReminderIssued' group by 1, 2 having count(*) > 1`,
      );
      expect(rows, 'no reminder twice').toEqual([]);
      expect(await serviceCharges(), 'no second service charge').toBe(leases);
      expect(await lateFees(), 'a late fee for each month unpaid after the 5th, once').toBe(owing);
      const { rows: twice } = await test.db.raw<{ rows: unknown[] }>(
        `select stream from events where type = 'LateFeeCharged' or (type = 'ChargeAdded' and data->>'origin' = 'plan')
       group by stream, type having count(*) > 1`,
      );
      expect(twice, 'no month charged twice').toEqual([]);
      const { rows: fees } = await test.db.raw<{ rows: Array<{ data: Record<string, unknown> }> }>(
        `select data from events where stream = 'payment-11-2026-march' and type in ('LateFeeCharged', 'ChargeAdded') order by version`,
      );
      expect(fees.map((r) => r.data)).toEqual([
        expect.objectContaining({
          kind: 'service',
          amountPoisha: servicePoisha,
          origin: 'plan',
          addedBy: 'scheduler',
        }),
        expect.objectContaining({ percent: 5, unpaidRentPoisha: 1_001_100, amountPoisha: 50_055 }),
      ]);
      // A month whose rent was paid ahead is reminded of what it still owes: its service charge.
      const { rows: paid } = await test.db.raw<{ rows: Array<{ amount: string }> }>(
        `select distinct data->>'amountPoisha' as amount from events
       where type = 'RentReminderIssued' and (data->>'si')::int <= ?`,
        [paidAhead],
      );
      expect(paid, 'reminded of the charge alone').toEqual([{ amount: String(servicePoisha) }]);
      expect(
        await countOf(`type = 'LateFeeCharged' and (data->>'si')::int <= ${paidAhead}`),
        'no late fee on paid rent',
      ).toBe(0);
      const { rows: sample } = await test.db.raw<{ rows: Array<{ data: Record<string, unknown> }> }>(
        `select data from events where stream = 'payment-11-2026-march' and type = 'RentReminderIssued' order by version`,
      );
      expect(sample.map((r) => r.data)).toEqual([
        {
          si: 11,
          apartment: 'X-11',
          month: 'March',
          year: 2026,
          email: 'tenant11@building.test',
          name: 'Tenant 11',
          kind: 'due',
          amountPoisha: 1_001_100,
          // What the amount is made of: here the month's rent alone.
          items: [{ kind: 'rent', amountPoisha: 1_001_100, description: '' }],
          dueBy: '2026-03-05',
          issuedAt: expect.stringMatching(/^2026-03-01T/),
        },
        expect.objectContaining({ kind: 'overdue', issuedAt: expect.stringMatching(/^2026-03-06T/) }),
      ]);
    },
  );
});
