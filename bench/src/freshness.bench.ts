import knex from 'knex';
import { adminEmail, jwtSecret, startTestService } from '@building/command-service/testing/test-service';
import { loadConfig } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { startProjector } from '@building/projector/start-projector';
import { startQueryService } from '@building/query-service/start-query-service';
import type { Benchmark } from './benchmark.ts';
import { userStreamWriter } from './bench-store.ts';
import { summarize } from './stats.ts';

const probes = 150;
const backgroundPerSecond = 500;
const inFlight = 8;

/**
 * Freshness, embedded mode: how long after a command's answer its effect is visible in a query.
 * The command-service, the projector (tailing the store) and the query-service run on one
 * database while a background writer appends 500 commands/s (profile updates, straight to the
 * store: the HTTP command path alone does not reach that rate here). Each probe adds a coupon over
 * HTTP, then reads GET /couponAvailable with X-Min-Position (the UI's read-your-writes) until the
 * coupon is there. Target: the p99 <= 30 ms.
 */
export const freshness: Benchmark = {
  name: 'freshness',
  summary: `command -> visible in a query, ${probes} probes under ${backgroundPerSecond} commands/s`,
  async run(context) {
    const service = await startTestService();
    const config = loadConfig({ DATABASE_URL: service.db.url, JWT_SECRET: jwtSecret, QUERY_PORT: '0' });
    const projector = await startProjector(config, { log: () => {} });
    const query = await startQueryService(config, { log: () => {} });
    let stop = false;
    let appended = 0;
    // Its own small pool: a machine that cannot append 500/s slows the writer, not the services.
    const writerDb = knex({ client: 'pg', connection: service.db.url, pool: { min: 0, max: inFlight } });
    const backgroundStarted = performance.now();
    const background = (async () => {
      const store = new PostgresEventStore(writerDb);
      const writers = Array.from({ length: inFlight }, (_, w) => userStreamWriter(w));
      // Each writer owns its streams and paces itself to its share of the rate.
      await Promise.all(
        writers.map(async (next) => {
          for (let n = 0; !stop; n++) {
            const due = backgroundStarted + (n * 1000 * inFlight) / backgroundPerSecond;
            const wait = due - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            await next(store);
            appended += 1;
          }
        }),
      );
    })();
    try {
      const token = await service.register(adminEmail, 'Bench Admin');
      const latencies: number[] = [];
      for (let i = 0; i < probes; i++) {
        const code = `FRESH${i}`;
        const reply = await service.call('POST', '/addCoupon', {
          token,
          body: { code, discount: 10, description: 'freshness probe' },
        });
        if (reply.status !== 200) throw new Error(`addCoupon: ${reply.status} ${JSON.stringify(reply.body)}`);
        const answered = performance.now();
        for (;;) {
          const response = await fetch(`${query.url}/couponAvailable`, {
            headers: { 'X-Min-Position': String(reply.body.position) },
          });
          const coupons = (await response.json()) as Array<{ code: string }>;
          if (coupons.some((c) => c.code === code)) break;
        }
        latencies.push(performance.now() - answered);
        if ((i + 1) % 50 === 0) context.progress(`${i + 1}/${probes} probes`);
      }
      const summary = summarize(latencies);
      const rate = Math.round((appended * 1000) / (performance.now() - backgroundStarted));
      return [
        {
          metric: 'freshness p99 (embedded)',
          value: summary.p99,
          unit: 'ms',
          target: { atMost: 30 },
          note: `p50 ${Math.round(summary.p50)} ms, max ${Math.round(summary.max)} ms, ${probes} probes, background ${rate} commands/s`,
        },
      ];
    } finally {
      stop = true;
      await background.catch(() => {});
      await writerDb.destroy();
      await query.stop();
      await projector.stop();
      await service.close();
    }
  },
};
