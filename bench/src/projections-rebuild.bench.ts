import type { Benchmark } from './benchmark.ts';
import { runCommand, seedLogCommand } from './run-command.ts';
import { ratePerSecond } from './stats.ts';

const events = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);

/**
 * The operator's path on an empty database, as the issue checks it: `npm run seed-log -- --events
 * 1000000` (decided by the real deciders, COPYed into the store), then `npm run projections --
 * rebuild --all` (fold in memory, COPY into shadow tables, swap), each its own process as the
 * operator runs them, timed from start to exit (start-up included). Targets are the issue's: 1M
 * events seeded in under a minute, rebuilt at 50,000 events/s or more.
 */
export const projectionsRebuild: Benchmark = {
  name: 'projections-rebuild',
  summary: `npm run seed-log -- --events ${events}, then npm run projections -- rebuild --all, on an empty database`,
  async run(context) {
    // Empty: seed-log creates the store's schema, the rebuild the views.
    const database = await context.database('rebuild');
    const seeded = await seedLogCommand(database, events, context.progress);
    const rebuilt = await runCommand(
      '@building/projector/ops/projections-cli',
      ['rebuild', '--all'],
      { DATABASE_URL: database.url },
      context.progress,
    );
    context.progress(rebuilt.stdout.trim());
    const replayed = /: (\d+) events replayed, (\d+) caught up/.exec(rebuilt.stdout);
    if (!replayed) throw new Error(`unexpected output from the rebuild:\n${rebuilt.stdout}`);
    const total = Number(replayed[1]) + Number(replayed[2]);
    return [
      {
        metric: 'seed-log seconds',
        value: Number((seeded.ms / 1000).toFixed(1)),
        unit: 's',
        target: events >= 1_000_000 ? { atMost: 60 } : undefined,
        note: `${seeded.events} events, ${Math.round(ratePerSecond(seeded.events, seeded.ms))} events/s (the whole command)`,
      },
      {
        metric: 'rebuild events/s',
        value: ratePerSecond(total, rebuilt.ms),
        unit: '/s',
        target: { atLeast: 50_000 },
        note: `${total} events into every view in ${(rebuilt.ms / 1000).toFixed(1)} s (the whole command)`,
      },
    ];
  },
};
