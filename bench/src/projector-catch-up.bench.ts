import type { Benchmark } from './benchmark.ts';
import { freshStore } from './bench-store.ts';
import { seedBuildingLog } from './seed-building-log.ts';
import { ratePerSecond } from './stats.ts';
import { catchUpViews, parkedEvents, projectionCount } from './views.ts';

/** ~36 events per apartment: about 20,000 events. */
const apartments = 560;

/**
 * Rebuilds every projection from a seeded log of ~20,000 realistic events with the projector's
 * own apply path (pages of 500, one transaction each). Seeding is not timed.
 * Target, measured first (2 cores, load average 7-16 from other work): 181-548 events/s
 * (~350 typical); set a bit below that. Seeding takes 15-25 s of the run.
 */
export const projectorCatchUp: Benchmark = {
  name: 'projector-catch-up',
  summary: `rebuilds all projections from a seeded log of ~${apartments * 36} events`,
  async run(context) {
    const { db, store } = await freshStore(context, 'catch_up');
    const t0 = performance.now();
    const seeded = await seedBuildingLog(store, {
      apartments,
      onApartment: (done) => done % 140 === 0 && context.progress(`seeded ${done}/${apartments} apartments`),
    });
    context.progress(`seeded ${seeded} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const parkedLines: string[] = [];
    const started = performance.now();
    let lastReport = 0;
    const projected = await catchUpViews(db, store, {
      log: (line) => parkedLines.push(line),
      onPage: (n) => {
        if (n - lastReport >= 5000) context.progress(`projected ${(lastReport = n)}/${seeded} events`);
      },
    });
    const elapsedMs = performance.now() - started;
    const parked = await parkedEvents(db);
    return [
      {
        metric: 'catch-up events/s',
        value: ratePerSecond(projected, elapsedMs),
        unit: '/s',
        target: { atLeast: 300 },
        note: `${projected} events into ${projectionCount} projections in ${(elapsedMs / 1000).toFixed(1)} s`,
      },
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
