import knex from 'knex';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import type { Benchmark, Figure } from './benchmark.ts';
import { userStreamWriter } from './bench-store.ts';
import { ratePerSecond, runFor, summarize } from './stats.ts';

const writers = 32;
const durationMs = 4000;
const payload = JSON.stringify({ text: 'x'.repeat(1000) });

/**
 * Appends by 32 concurrent writers on streams of their own (no lost races), next to this Postgres's
 * own ceiling measured in the same run: single-row inserts of a 1 KB jsonb row with a unique
 * (stream, version), one transaction each, 32 connections. The same inserts with a pg_notify in
 * each transaction show what a NOTIFY per commit costs (Postgres serializes notifying commits).
 * Then the store: with group commit (its default), and with one commit per append. No targets of
 * their own: the issue's targets are the commands' and the listing's.
 */
export const eventStoreAppend: Benchmark = {
  name: 'event-store-append',
  summary: `appends by ${writers} writers vs single-row inserts (with and without NOTIFY), ${durationMs / 1000} s each`,
  async run(context) {
    const database = await context.database('append');
    // A pool as wide as the writers: the TestDatabase's own stops at 20.
    const db = knex({ client: 'pg', connection: database.url, pool: { min: writers, max: writers } });
    try {
      await migrateEventStore(db);
      await db.raw(`create table ceiling (position bigserial primary key, stream text not null,
        version int not null, data jsonb not null, unique (stream, version))`);
      const figures: Figure[] = [];
      const measure = async (label: string, job: (index: number, worker: number) => Promise<void>) => {
        await runFor(writers, 300, job); // connections and plans warm
        context.progress(`${label}: ${writers} writers for ${durationMs / 1000} s`);
        const run = await runFor(writers, durationMs, job);
        const latency = summarize(run.latencies);
        return { perSecond: ratePerSecond(run.latencies.length, run.elapsedMs), latency };
      };
      let unique = 0; // each insert a stream of its own, across warm-up and measurement
      const insert = (runner: typeof db) =>
        runner.raw('insert into ceiling (stream, version, data) values (?, 1, ?)', [
          `s-${unique++}`,
          payload,
        ]);
      const ceiling = await measure('single-row inserts', async () => {
        await insert(db);
      });
      const notifying = await measure('inserts + pg_notify', () =>
        db.transaction(async (trx) => {
          await insert(trx);
          await trx.raw(`select pg_notify('bench_ceiling', '')`);
        }),
      );
      figures.push(
        {
          metric: 'Postgres single-row inserts/s',
          value: ceiling.perSecond,
          unit: '/s',
          note: `the ceiling: 1 KB jsonb, unique (stream, version), ${writers} connections; p99 ${ceiling.latency.p99.toFixed(1)} ms`,
        },
        {
          metric: 'the same with pg_notify per commit',
          value: notifying.perSecond,
          unit: '/s',
          note: `x${(notifying.perSecond / ceiling.perSecond).toFixed(2)} of the ceiling: notifying commits go one at a time`,
        },
      );
      const modes = [
        { label: 'appends/s, group commit', options: {} },
        { label: 'appends/s, one commit each', options: { maxBatch: 1, maxConcurrentWrites: writers } },
      ];
      for (const mode of modes) {
        const store = new PostgresEventStore(db, { outbox: false, ...mode.options });
        const next = Array.from({ length: writers }, (_, w) =>
          userStreamWriter(w + writers * modes.indexOf(mode)),
        );
        const result = await measure(mode.label, async (_, w) => {
          await next[w]!(store);
        });
        await store.flush();
        figures.push(
          {
            metric: mode.label,
            value: result.perSecond,
            unit: '/s',
            note: `x${(result.perSecond / ceiling.perSecond).toFixed(2)} of the single-row ceiling, ${writers} writers`,
          },
          {
            metric: `${mode.label.replace('appends/s', 'append')} p50`,
            value: result.latency.p50,
            unit: 'ms',
          },
          {
            metric: `${mode.label.replace('appends/s', 'append')} p99`,
            value: result.latency.p99,
            unit: 'ms',
          },
        );
      }
      return figures;
    } finally {
      await db.destroy();
    }
  },
};
