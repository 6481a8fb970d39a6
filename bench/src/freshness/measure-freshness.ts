import knex from 'knex';
import { PostgresEventStore, type EventStoreOptions } from '@building/infra/event-store/event-store';
import { readSse } from '@building/query-service/testing/read-sse';
import type { Figure } from '../benchmark.ts';
import { userStreamWriter } from '../bench-store.ts';
import { summarize } from '../stats.ts';

export const probes = 150;
/** Probes before the measured ones, not counted: the first ones meet cold JIT, pools and caches. */
export const warmUpProbes = 10;
export const backgroundPerSecond = 500;
/** The poller is one client reading as fast as it can: far past a person's read budget. */
export const pollerReadBudget = { RATE_LIMIT_READS_PER_MINUTE: String(1_000_000_000) };
const inFlight = 8;

interface FreshnessOptions {
  label: string;
  target: number;
  databaseUrl: string;
  store?: EventStoreOptions;
  queryUrl: string;
  /** Runs the command adding coupon `code`; resolves with its position once it is committed. */
  command: (code: string) => Promise<number>;
  progress: (line: string) => void;
}

/**
 * Freshness as another person sees it, idle and under 500 commands/s: each probe starts its clock,
 * then runs the command adding a coupon while a second client polls GET /couponAvailable (a plain
 * GET, no X-Min-Position) until the coupon shows, and a third holds the live-update stream open
 * (GET /events/stream, as a visitor's browser does) until the coupons view's change at the
 * command's position arrives. Both are measured from the clock's start.
 */
export async function measureFreshness(options: FreshnessOptions): Promise<Figure[]> {
  return [
    ...(await measurePhase(options, 0, 'idle')),
    ...(await measurePhase(options, backgroundPerSecond, `${backgroundPerSecond} commands/s`)),
  ];
}

async function measurePhase(options: FreshnessOptions, perSecond: number, phase: string) {
  const heard = liveCoupons(await fetch(`${options.queryUrl}/events/stream`));
  const background = perSecond > 0 ? startBackground(options, perSecond) : null;
  try {
    const polled: number[] = [];
    const streamed: number[] = [];
    for (let i = -warmUpProbes; i < probes; i++) {
      const code = `FRESH${perSecond}N${i + warmUpProbes}`;
      const started = performance.now();
      const seen = pollUntilListed(options.queryUrl, code);
      const position = await options.command(code);
      const [shown, arrived] = await Promise.all([seen, heard.at(position)]);
      if (i < 0) continue;
      polled.push(shown - started);
      streamed.push(arrived - started);
      if ((i + 1) % 50 === 0) options.progress(`${options.label}, ${phase}: ${i + 1}/${probes} probes`);
    }
    const rate = background ? `, background ${await background.stop()} commands/s` : '';
    const figure = (how: string, samples: number[]): Figure => {
      const summary = summarize(samples);
      return {
        metric: `freshness p99, ${how} (${options.label}, ${phase})`,
        value: summary.p99,
        unit: 'ms',
        target: { atMost: options.target },
        note: `p50 ${summary.p50.toFixed(1)} ms, max ${Math.round(summary.max)} ms, ${probes} probes after ${warmUpProbes} uncounted, clock from the command's start${rate}`,
      };
    };
    return [figure('a plain GET from another client', polled), figure('the live-update message', streamed)];
  } finally {
    await background?.stop();
    await heard.close();
  }
}

/** Polls the public coupon list with plain GETs until `code` is listed; resolves with that moment. */
async function pollUntilListed(queryUrl: string, code: string): Promise<number> {
  for (;;) {
    const response = await fetch(`${queryUrl}/couponAvailable`);
    if (!response.ok) throw new Error(`GET /couponAvailable: ${response.status}`);
    const coupons = (await response.json()) as Array<{ code: string }>;
    if (coupons.some((c) => c.code === code)) return performance.now();
  }
}

/** The coupons view's live-update messages, each with the moment it arrived. */
function liveCoupons(response: Response) {
  if (!response.ok) throw new Error(`GET /events/stream: ${response.status}`);
  const arrivals: Array<{ position: number; at: number }> = [];
  const waiting = new Set<() => void>();
  const stream = readSse<{ view: string; position: number }>(response, (change) => {
    if (change.view !== 'coupons') return;
    arrivals.push({ position: change.position, at: performance.now() });
    for (const wake of waiting) wake();
  });
  return {
    /** When the change at (or past) `position` arrived, waiting for it if it has not yet. */
    at(position: number): Promise<number> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const arrival = arrivals.find((a) => a.position >= position);
          if (!arrival) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(arrival.at);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no live-update message for position ${position} within 10 s`));
        }, 10_000);
        if (!check()) waiting.add(check);
      });
    },
    close: () => stream.close(),
  };
}

/**
 * A background writer appending `perSecond` commands (profile updates, straight to the store: the
 * HTTP command path alone does not reach that rate here), on a pool of its own so a machine that
 * cannot keep up slows the writer, not the services. `stop` resolves with the rate it reached.
 */
function startBackground(options: FreshnessOptions, perSecond: number) {
  let stopped = false;
  let appended = 0;
  const writerDb = knex({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: inFlight } });
  const started = performance.now();
  const store = new PostgresEventStore(writerDb, options.store);
  // Each writer owns its streams and paces itself to its share of the rate.
  const writers = Promise.all(
    Array.from({ length: inFlight }, async (_, w) => {
      const next = userStreamWriter(w);
      for (let n = 0; !stopped; n++) {
        const wait = started + (n * 1000 * inFlight) / perSecond - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await next(store);
        appended += 1;
      }
    }),
  );
  let ended: Promise<number> | undefined;
  return {
    stop: () =>
      (ended ??= (async () => {
        stopped = true;
        const rate = Math.round((appended * 1000) / (performance.now() - started));
        await writers.catch(() => {});
        // The store's coalesced NOTIFY may still be on its way: destroying the pool under it was logged as an error.
        await store.flush();
        await writerDb.destroy();
        return rate;
      })()),
  };
}
