import { projections } from '@building/projector/projections/registry';
import { rebuildProjections } from '@building/projector/ops/projections/rebuild-projections';
import type { Benchmark } from './benchmark.ts';
import { freshStore } from './bench-store.ts';
import { seedLog } from './seed-log/seed-log.ts';
import { ratePerSecond } from './stats.ts';

const events = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);

/**
 * The operator's path on an empty database, as the issue checks it: `npm run seed-log -- --events
 * 1000000` (decided by the real deciders, COPYed into the store), then `npm run projections --
 * rebuild --all` (fold in memory, COPY into shadow tables, swap). Targets are the issue's: 1M events
 * seeded in under a minute, rebuilt at 50,000 events/s or more.
 */
export const projectionsRebuild: Benchmark = {
  name: 'projections-rebuild',
  summary: `seed-log of ${events} events, then rebuild --all from an empty views database`,
  async run(context) {
    const { db } = await freshStore(context, 'rebuild');
    let shown = 0;
    const seedStarted = performance.now();
    const seeded = await seedLog(db, {
      events,
      onProgress: (n) => {
        if (n - shown >= 100_000) context.progress(`seeded ${(shown = n)} events`);
      },
    });
    const seedMs = performance.now() - seedStarted;
    context.progress(`seeded ${seeded.events} events in ${(seedMs / 1000).toFixed(1)} s; rebuilding`);

    let replayed = 0;
    const started = performance.now();
    const result = await rebuildProjections(db, projections, {
      log: (line) => context.progress(line),
      progress: {
        start: () => {},
        advance: (n) => {
          if (Math.floor((replayed + n) / 100_000) > Math.floor(replayed / 100_000))
            context.progress(`replayed ${replayed + n} events`);
          replayed += n;
        },
        stop: () => {},
      },
    });
    const rebuildMs = performance.now() - started;
    const rebuilt = result.replayed + result.caughtUp;
    return [
      {
        metric: 'seed-log seconds',
        value: Number((seedMs / 1000).toFixed(1)),
        unit: 's',
        target: events >= 1_000_000 ? { atMost: 60 } : undefined,
        note: `${seeded.events} events, ${Math.round(ratePerSecond(seeded.events, seedMs))} events/s`,
      },
      {
        metric: 'rebuild events/s',
        value: ratePerSecond(rebuilt, rebuildMs),
        unit: '/s',
        target: { atLeast: 50_000 },
        note: `${rebuilt} events into ${projections.length} views in ${(rebuildMs / 1000).toFixed(1)} s`,
      },
    ];
  },
};
