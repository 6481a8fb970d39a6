import { startOfLog } from '@building/infra/event-store/event-store';
import { tailEvents } from '@building/infra/event-store/tail-events';
import type { Benchmark } from './benchmark.ts';
import { freshStore, userStreamWriter } from './bench-store.ts';
import { ratePerSecond, runJobs, summarize } from './stats.ts';

const writers = 8;
const appends = 2000;
const drainTimeoutMs = 15_000;

/**
 * tailEvents following the store while 8 writers append: events/s delivered, and commit-to-delivery
 * latency, "commit" being the moment the writer's append resolved (an event delivered before its
 * writer heard back counts as 0 ms). Delivery can go no faster than the writers write.
 * Targets, measured first (2 cores, load average 7-16 from other work): 159-306 events/s, p50
 * 3.7-12 ms, p95 17-41 ms (once 528 ms at load 18); set a bit below the typical run.
 */
export const tailing: Benchmark = {
  name: 'tailing',
  summary: `tailEvents delivering ${appends} events while ${writers} writers append`,
  async run(context) {
    const { store } = await freshStore(context, 'tailing');
    const committedAt = new Map<number, number>();
    const deliveredAt = new Map<number, number>();
    let duplicates = 0;
    let tailErrors = 0;
    const tailer = await tailEvents(store, {
      from: startOfLog,
      onEvents: async (events) => {
        const now = performance.now();
        for (const event of events) {
          if (deliveredAt.has(event.position)) duplicates++;
          else deliveredAt.set(event.position, now);
        }
      },
      onError: () => tailErrors++,
    });
    try {
      const next = Array.from({ length: writers }, (_, w) => userStreamWriter(w));
      const started = performance.now();
      await runJobs(
        writers,
        appends,
        async (_, w) => {
          const { position } = await next[w]!(store);
          committedAt.set(position, performance.now());
        },
        (done) => done % 1000 === 0 && context.progress(`${done}/${appends} appended`),
      );
      const drainDeadline = performance.now() + drainTimeoutMs;
      while (deliveredAt.size < appends && performance.now() < drainDeadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const lastDelivery = Math.max(...deliveredAt.values());
      const latencies = [...committedAt].map(([position, at]) =>
        Math.max(0, (deliveredAt.get(position) ?? Number.POSITIVE_INFINITY) - at),
      );
      const latency = summarize(latencies);
      const missed = [...committedAt.keys()].filter((p) => !deliveredAt.has(p)).length;
      return [
        {
          metric: 'events delivered/s',
          value: ratePerSecond(deliveredAt.size, lastDelivery - started),
          unit: '/s',
          target: { atLeast: 200 },
          note: `${appends} events by ${writers} writers, first append to last delivery`,
        },
        { metric: 'commit-to-delivery p50', value: latency.p50, unit: 'ms', target: { atMost: 15 } },
        { metric: 'commit-to-delivery p95', value: latency.p95, unit: 'ms', target: { atMost: 60 } },
        {
          metric: 'events missed or repeated',
          value: missed + duplicates,
          unit: '',
          target: { atMost: 0 },
          note: tailErrors > 0 ? `${tailErrors} tailing errors` : undefined,
        },
      ];
    } finally {
      await tailer.stop();
    }
  },
};
