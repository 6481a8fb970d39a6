import { readFileSync } from 'node:fs';
import type { Benchmark, BenchContext, Figure } from './benchmark.ts';
import { logBound, readBelow } from '@building/projector/ops/projections/read-below';
import { readPageSize } from '@building/projector/ops/projections/rebuild-projections';
import { readAndDecode, readingFigure, shareOfReading } from './log-reading.ts';
import { runCommand, seedLogCommand } from './run-command.ts';
import { ratePerSecond } from './stats.ts';

const events = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);
/** Opt-in (it takes minutes): a second log, four times as long, to show the memory stays flat. */
const longer = process.env.BENCH_REBUILD_4M === '1' ? 4_000_000 : null;

/** The issue's rebuild rate, events/s. */
const rebuildTarget = 50_000;

/** How `npm run projections` starts Node, read from package.json: the heap cap its bounded fold relies on. */
const projectionsNodeOptions = heapCapOf(
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as PackageJson).scripts
    .projections,
);

interface PackageJson {
  scripts: Record<string, string>;
}

function heapCapOf(script: string | undefined): string {
  const cap = /--max-old-space-size=\d+/.exec(script ?? '');
  if (!cap) throw new Error('package.json: the "projections" script sets no --max-old-space-size');
  return cap[0];
}

/**
 * The operator's path on an empty database, as the issue checks it: `npm run seed-log -- --events
 * 1000000` (decided by the real deciders, COPYed into the store), then `npm run projections --
 * rebuild --all` (fold in bounded memory, COPY into shadow tables, swap), each its own process as
 * the operator runs them, timed from start to exit (start-up included). Targets are the issues':
 * 1M events seeded in under a minute, rebuilt at 50,000 events/s or more, with a peak RSS of the
 * rebuild's process (its own figure, every thread included) of at most 512 MB, at 1M events and,
 * with BENCH_REBUILD_4M=1, at 4M.
 */
export const projectionsRebuild: Benchmark = {
  name: 'projections-rebuild',
  summary: `npm run seed-log -- --events ${events}, then npm run projections -- rebuild --all, on an empty database${longer ? ` (and at ${longer})` : ''}`,
  async run(context) {
    const figures = await seedAndRebuild(context, events);
    if (longer) figures.push(...(await seedAndRebuild(context, longer)));
    return figures;
  },
};

async function seedAndRebuild(context: BenchContext, events: number): Promise<Figure[]> {
  // Empty: seed-log creates the store's schema, the rebuild the views.
  const database = await context.database(`rebuild_${events}`);
  const seeded = await seedLogCommand(database, events, context.progress);
  const rebuilt = await runCommand(
    '@building/projector/ops/projections-cli',
    ['rebuild', '--all'],
    { DATABASE_URL: database.url, NODE_OPTIONS: projectionsNodeOptions },
    context.progress,
  );
  context.progress(rebuilt.stdout.trim());
  // The ceiling (after, so the rebuild's conditions stay as they were): the log read as the
  // rebuild reads it, and decoded, with nothing else to do.
  context.progress(`reading and decoding the ${seeded.events} events alone`);
  const bound = await logBound(database.db);
  const reading = await readAndDecode((after) => readBelow(database.db, after, bound, readPageSize));
  await database.drop();
  const replayed = /: (\d+) events replayed, (\d+) caught up/.exec(rebuilt.stdout);
  const peak = /peak RSS (\d+) MB/.exec(rebuilt.stdout);
  const cpu = /CPU ([\d.]+) s/.exec(rebuilt.stdout);
  if (!replayed || !peak || !cpu) throw new Error(`unexpected output from the rebuild:\n${rebuilt.stdout}`);
  const total = Number(replayed[1]) + Number(replayed[2]);
  const perSecond = ratePerSecond(total, rebuilt.ms);
  const size = events >= 1_000_000 ? `${events / 1_000_000}M` : `${events / 1000}k`;
  return [
    {
      metric: `seed-log seconds (${size})`,
      value: Number((seeded.ms / 1000).toFixed(1)),
      unit: 's',
      target: events === 1_000_000 ? { atMost: 60 } : undefined,
      note: `${seeded.events} events, ${Math.round(ratePerSecond(seeded.events, seeded.ms))} events/s (the whole command)`,
    },
    {
      metric: `rebuild events/s (${size})`,
      value: perSecond,
      unit: '/s',
      target: { atLeast: rebuildTarget },
      note: `${total} events into every view in ${(rebuilt.ms / 1000).toFixed(1)} s (the whole command; its threads' CPU ${cpu[1]} s, besides Postgres's); ${shareOfReading(perSecond, reading)}`,
    },
    readingFigure(`log read + decoded events/s (${size})`, reading, rebuildTarget),
    {
      metric: `rebuild peak RSS (${size})`,
      value: Number(peak[1]),
      unit: 'MB',
      target: { atMost: 512 },
      note: `the rebuild process's own high-water mark (process.resourceUsage().maxRSS, every thread)`,
    },
  ];
}
