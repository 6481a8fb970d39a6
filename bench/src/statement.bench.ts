import { randomUUID } from 'node:crypto';
import { monthsEndingWith } from '@building/domain/books/statements';
import { expenseCategories, offlineMethods, streamOf, type DomainEvent } from '@building/events/catalogue';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import { statementsFor } from '@building/query-service/books/statement-reads';
import type { Benchmark } from './benchmark.ts';
import { freshStore } from './bench-store.ts';
import { summarize } from './stats.ts';
import { catchUpViews, parkedEvents } from './views.ts';

const payments = Number(process.env.BENCH_STATEMENT_PAYMENTS ?? 10_000);
const leases = 250;
const expenses = 200;
const samples = 30;
const month = '2026-11';

/**
 * The month's statement as the query-service works it out (`statementsFor`: Postgres sums the
 * journal view's lines by month, the rent billed from its leases, the 12 months of the chart
 * included), uncached, on a building of 250 leases whose November holds `payments` offline payments
 * and 200 expenses. The log is appended and projected first (not timed). Target: the 50 ms.
 */
export const statement: Benchmark = {
  name: 'statement',
  summary: `GET /statements/monthly's work for a month of ${payments} payments, from the journal view`,
  async run(context) {
    const { database, db, store } = await freshStore(context, 'statement');
    context.progress(`appending ${leases} leases, ${payments} payments, ${expenses} expenses`);
    await appendBuilding(store);
    const projected = await catchUpViews(db, store, { batchSize: 5_000 });
    const parked = await parkedEvents(db);
    const months = monthsEndingWith(month, 12);
    await statementsFor(db, months); // warm: the first query plans and reads the pages in
    const times: number[] = [];
    let last = await statementsFor(db, months);
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      last = await statementsFor(db, months);
      times.push(performance.now() - started);
    }
    await database.drop();
    const { p50, p95 } = summarize(times);
    const november = last.at(-1)!;
    return [
      {
        metric: `statement ms (${payments} payments)`,
        value: Number(p50.toFixed(1)),
        unit: 'ms',
        target: { atMost: 50 },
        note: `median of ${samples}, p95 ${p95.toFixed(1)} ms; ${projected} events projected (${parked} parked); collected ${november.collected} BDT`,
      },
    ];
  },
};

/** The building's history, appended straight to the store: leases since January, a busy November. */
async function appendBuilding(store: PostgresEventStore) {
  const admin = 'admin@bench.test';
  const byStream = new Map<string, DomainEvent[]>();
  const add = (event: DomainEvent) => {
    const stream = streamOf(event);
    byStream.set(stream, [...(byStream.get(stream) ?? []), event]);
  };
  const residents = Array.from({ length: leases }, (_, i) => ({
    si: i + 1,
    leaseId: randomUUID(),
    email: `resident${i + 1}@bench.test`,
  }));
  for (const r of residents)
    add({
      type: 'AgreementAccepted',
      data: {
        si: r.si,
        apartment: `A-${r.si}`,
        block: 'A',
        floor: 1 + (r.si % 10),
        room: '3 bed',
        rent: 20_000,
        requestId: r.leaseId,
        userEmail: r.email,
        userName: `Resident ${r.si}`,
        acceptedAt: '2026-01-01T04:00:00.000Z',
      },
    });
  for (let i = 0; i < payments; i++) {
    const r = residents[i % leases]!;
    add({
      type: 'OfflinePaymentRecorded',
      data: {
        si: r.si,
        apartment: `A-${r.si}`,
        month: 'November',
        year: 2026,
        email: r.email,
        name: `Resident ${r.si}`,
        leaseId: r.leaseId,
        paymentId: randomUUID(),
        method: offlineMethods[i % offlineMethods.length]!,
        reference: `REF-${i}`,
        amountPoisha: 50_000,
        recordedBy: admin,
        recordedAt: new Date(Date.parse('2026-11-01T04:00:00Z') + i * 200_000).toISOString(),
      },
    });
  }
  for (let i = 0; i < expenses; i++)
    add({
      type: 'ExpenseRecorded',
      data: {
        expenseId: randomUUID(),
        date: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`,
        category: expenseCategories[i % expenseCategories.length]!,
        vendor: `Vendor ${i}`,
        amountPoisha: 150_000,
        description: '',
        receipt: null,
        paidFrom: 'bank',
        recurringId: null,
        recordedBy: admin,
        recordedAt: '2026-11-29T04:00:00.000Z',
      },
    });
  const requests = [...byStream].map(([stream, events]) => ({ stream, expectedVersion: 0, events }));
  for (let start = 0; start < requests.length; start += 100)
    await store.append(requests.slice(start, start + 100), {
      now: new Date('2026-11-30T04:00:00Z'),
      actor: 'system',
      correlationId: randomUUID(),
    });
}
