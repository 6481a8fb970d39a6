import type { Benchmark } from './benchmark.ts';
import { commands } from './commands.bench.ts';
import { eventStoreAppend } from './event-store-append.bench.ts';
import { freshnessKafka } from './freshness/freshness-kafka.bench.ts';
import { freshness } from './freshness/freshness.bench.ts';
import { phoneLcp } from './phone-lcp.bench.ts';
import { projectorCatchUp } from './projector-catch-up.bench.ts';
import { listing } from './listing.bench.ts';
import { projectionsRebuild } from './projections-rebuild.bench.ts';
import { statement } from './statement.bench.ts';
import { tailing } from './tailing.bench.ts';
import { uiBundle } from './ui-bundle.bench.ts';

/** Every benchmark, in the order a full run goes through them. */
export const benchmarks: readonly Benchmark[] = [
  eventStoreAppend,
  tailing,
  projectorCatchUp,
  projectionsRebuild,
  freshness,
  freshnessKafka,
  listing,
  statement,
  commands,
  uiBundle,
  phoneLcp,
];
