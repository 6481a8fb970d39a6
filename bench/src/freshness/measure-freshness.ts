import knex from 'knex';
import { PostgresEventStore, type EventStoreOptions } from '@building/infra/event-store/event-store';
import type { Figure } from '../benchmark.ts';
import { userStreamWriter } from '../bench-store.ts';
import { summarize } from '../stats.ts';

export const probes = 150;
/** Probes before the measured ones, not counted: the first ones meet cold JIT, pools and caches. */
export const warmUpProbes = 10;
export const backgroundPerSecond = 500;
const inFlight = 8;

/**
 * The freshness measurement both modes share: a background writer appends 500 commands/s
 * (profile updates, straight to the store: the HTTP command path alone does not reach that rate
 * here), on a pool of its own so a machine that cannot keep up slows the writer, not the services.
 * Each probe runs a command adding coupon `code` (`command` resolves with its position once it is
 * committed), then reads GET /couponAvailable with X-Min-Position (the UI's read-your-writes)
 * until the coupon is there. The first `warmUpProbes` are not counted (steady-state freshness,
 * as the other benchmarks measure after a warm-up).
 */
export async function measureFreshness(options: {
  label: string;
  target: number;
  databaseUrl: string;
  store?: EventStoreOptions;
  queryUrl: string;
  command: (code: string) => Promise<number>;
  progress: (line: string) => void;
}): Promise<Figure> {
  let stop = false;
  let appended = 0;
  const writerDb = knex({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: inFlight } });
  const started = performance.now();
  const store = new PostgresEventStore(writerDb, options.store);
  const background = (async () => {
    // Each writer owns its streams and paces itself to its share of the rate.
    await Promise.all(
      Array.from({ length: inFlight }, async (_, w) => {
        const next = userStreamWriter(w);
        for (let n = 0; !stop; n++) {
          const wait = started + (n * 1000 * inFlight) / backgroundPerSecond - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          await next(store);
          appended += 1;
        }
      }),
    );
  })();
  try {
    const latencies: number[] = [];
    for (let i = -warmUpProbes; i < probes; i++) {
      const code = `FRESH${i}`;
      const position = await options.command(code);
      const committed = performance.now();
      for (;;) {
        const response = await fetch(`${options.queryUrl}/couponAvailable`, {
          headers: { 'X-Min-Position': String(position) },
        });
        const coupons = (await response.json()) as Array<{ code: string }>;
        if (coupons.some((c) => c.code === code)) break;
      }
      if (i < 0) continue;
      latencies.push(performance.now() - committed);
      if ((i + 1) % 50 === 0) options.progress(`${i + 1}/${probes} probes`);
    }
    const summary = summarize(latencies);
    const rate = Math.round((appended * 1000) / (performance.now() - started));
    return {
      metric: `freshness p99 (${options.label})`,
      value: summary.p99,
      unit: 'ms',
      target: { atMost: options.target },
      note: `p50 ${Math.round(summary.p50)} ms, max ${Math.round(summary.max)} ms, ${probes} probes after ${warmUpProbes} uncounted, background ${rate} commands/s`,
    };
  } finally {
    stop = true;
    await background.catch(() => {});
    // The store's coalesced NOTIFY may still be on its way: destroying the pool under it was logged as an error.
    await store.flush();
    await writerDb.destroy();
  }
}
