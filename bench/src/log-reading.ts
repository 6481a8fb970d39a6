import { availableParallelism } from 'node:os';
import { startOfLog } from '@building/infra/event-store/event-store';
import { decodedPages } from '@building/projector/ops/projections/read-steps';
import { isSkipped } from '@building/projector/view-batch';
import type { Figure } from './benchmark.ts';
import { ratePerSecond } from './stats.ts';

export interface LogReading {
  events: number;
  perSecond: number;
  /** This process's CPU for it (every thread), seconds. */
  cpuSeconds: number;
}

/**
 * The whole log read with `read` and every event decoded as the projector decodes it, on this
 * thread, the next page read while this one is decoded; nothing folded, nothing written. Whatever
 * projects the log does this first: the ceiling its figure is held against, measured in the same
 * run (as the appends are against Postgres's own single-row inserts).
 */
export async function readAndDecode(read: Parameters<typeof decodedPages>[0]): Promise<LogReading> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let events = 0;
  let decoded = 0;
  for await (const page of decodedPages(read, startOfLog)) {
    events += page.events;
    for (const step of page.steps) if (!isSkipped(step)) decoded++;
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  // A seeded log holds no malformed event: failed decodes would time the error path instead.
  if (decoded !== events) throw new Error(`${events - decoded} of the log's ${events} events did not decode`);
  return { events, perSecond: ratePerSecond(events, ms), cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/**
 * The ceiling as a figure beside the one it bounds: no target of its own; its note says the share
 * of `target` the reading alone reaches, and the CPU the target leaves the machine's cores per
 * million events for everything (reading, folding, writing, Postgres) against what reading took.
 */
export function readingFigure(metric: string, reading: LogReading, target: number): Figure {
  const cores = availableParallelism();
  const perMillion = (reading.cpuSeconds / reading.events) * 1e6;
  return {
    metric,
    value: reading.perSecond,
    unit: '/s',
    note: `${reading.events} events, one thread, nothing folded or written: x${(reading.perSecond / target).toFixed(2)} of the ${target} events/s target; ${perMillion.toFixed(1)} s of CPU per million events, where the target leaves ${cores} cores ${((cores * 1e6) / target).toFixed(0)} s for everything`,
  };
}

/** A projector's rate as a share of the reading's, for its figure's note. */
export const shareOfReading = (perSecond: number, reading: LogReading) =>
  `x${(perSecond / reading.perSecond).toFixed(2)} of reading and decoding the log alone`;
