import { availableParallelism } from 'node:os';
import type { Benchmark } from './benchmark.ts';
import { freshStore } from './bench-store.ts';
import { catchUpBatchSize } from '@building/projector/sources/store-source';
import { seedLogCommand } from './run-command.ts';
import { ratePerSecond } from './stats.ts';
import { cpuBetween, readCpu } from './process-cpu.ts';
import { catchUpViews, parkedEvents, projectionCount } from './views.ts';
import { readAndDecode, readingFigure, shareOfReading } from './log-reading.ts';

const events = Number(process.env.BENCH_CATCH_UP_EVENTS ?? 100_000);
/** The catch-up rate, events/s. */
const catchUpTarget = 20_000;

/**
 * Steady-state catch-up: the live projector's own path (createProjector -> project: decode, load,
 * fold, one write per table, checkpoints; one transaction per page of the store tailer's
 * catchUpBatchSize) over a seeded log, as a projector restarting behind the log does. Seeding
 * (`npm run seed-log`, its own process) is not timed. Target: the 20,000 events/s.
 */
export const projectorCatchUp: Benchmark = {
  name: 'projector-catch-up',
  summary: `projects a seeded log of ${events} events into every view, pages of ${catchUpBatchSize}`,
  async run(context) {
    const { database, db, store } = await freshStore(context, 'catch_up');
    await seedLogCommand(database, events, context.progress);

    const parkedLines: string[] = [];
    const cpuBefore = await readCpu(db, { node: process.pid });
    const mainBefore = process.threadCpuUsage();
    const started = performance.now();
    let lastReport = 0;
    const projected = await catchUpViews(db, store, {
      batchSize: catchUpBatchSize,
      log: (line) => parkedLines.push(line),
      onPage: (n) => {
        if (n - lastReport >= 20_000) context.progress(`projected ${(lastReport = n)} events`);
      },
    });
    const elapsedMs = performance.now() - started;
    const main = process.threadCpuUsage(mainBefore);
    const cpu = cpuBetween(cpuBefore, await readCpu(db, { node: process.pid }));
    const parked = await parkedEvents(db);
    // The ceiling (after, so the catch-up's conditions stay as they were): the log read as the
    // store tailer reads it, and decoded, with nothing else to do.
    context.progress('reading and decoding the log alone');
    const reading = await readAndDecode((after) => store.readProjectedAfter(after, catchUpBatchSize));
    const perSecond = ratePerSecond(projected, elapsedMs);
    return [
      {
        metric: 'catch-up events/s',
        value: perSecond,
        unit: '/s',
        target: { atLeast: catchUpTarget },
        note: `${projected} events into ${projectionCount} views in ${(elapsedMs / 1000).toFixed(1)} s${cpuNote(cpu, (main.user + main.system) / 1e6)}; ${shareOfReading(perSecond, reading)}`,
      },
      readingFigure('log read + decoded events/s', reading, catchUpTarget),
      {
        metric: 'events parked',
        value: parked,
        unit: '',
        target: { atMost: 0 },
        note: parkedLines[0],
      },
    ];
  },
};

/**
 * Where the CPU went: this process (every thread: V8 collects garbage on threads of its own too),
 * its main thread (which decodes, plans, folds and formats the writes), and the database's
 * backends (not Postgres's WAL writer and checkpointer), beside the cores there were.
 */
function cpuNote(cpu: Map<string, number>, mainThread: number): string {
  const node = cpu.get('node');
  if (node === undefined) return '';
  const postgres = [...cpu].filter(([label]) => label !== 'node').reduce((sum, [, s]) => sum + s, 0);
  return ` (CPU: Node ${node.toFixed(1)} s, its main thread ${mainThread.toFixed(1)} s, Postgres backends ${postgres.toFixed(1)} s; ${availableParallelism()} cores)`;
}
