import type { FuzzSummary } from './run-fuzz.ts';
import { faultKinds, type ChaosSummary } from './run-chaos.ts';

export interface ChaosVerdict {
  lines: string[];
  passed: boolean;
}

/** The summary table of `npm run chaos`, and whether every check held. */
export function chaosVerdict(chaos: ChaosSummary, fuzz: FuzzSummary, plannedRuns: number): ChaosVerdict {
  const runs = chaos.runs;
  const sum = (pick: (run: ChaosSummary['runs'][number]) => number) => runs.reduce((n, r) => n + pick(r), 0);
  const lost = runs.flatMap((r) => r.lost);
  const doubled = runs.flatMap((r) => r.doubled);
  const parked = Math.max(0, ...runs.map((r) => r.parked));
  const equal = runs.filter((r) => !r.error && r.unlike.length === 0).length;
  const failedRuns = runs.filter((r) => r.error);
  const serverErrors = fuzz.serverErrors.length;
  const row = (name: string, value: string | number) => `  ${name.padEnd(34)} ${value}`;
  const lines = [
    row('chaos runs', `${runs.length}/${plannedRuns}`),
    ...faultKinds.map((kind) => row(`  faults: ${kind}`, chaos.faults[kind])),
    row(
      '  duplicate copies delivered',
      sum((r) => r.duplicates),
    ),
    row(
      'commands sent',
      sum((r) => r.sent),
    ),
    row(
      'commands answered 2xx',
      sum((r) => r.answered),
    ),
    row('lost', lost.length + (lost.length ? ` (first: ${lost[0]})` : '')),
    row('doubled', doubled.length + (doubled.length ? ` (first: ${doubled[0]})` : '')),
    row('parked', parked),
    row('views equal a rebuild', `${equal}/${runs.length}`),
    row(
      'runs that could not finish',
      failedRuns.length + (failedRuns.length ? ` (first: ${failedRuns[0]!.error})` : ''),
    ),
    row('fuzz requests', `${fuzz.requests} (${fuzz.distinct} distinct) over ${fuzz.routes} routes`),
    row('fuzz answers', JSON.stringify(fuzz.byStatus)),
    row('fuzz 5xx', serverErrors + (serverErrors ? ` (first: ${fuzz.serverErrors[0]!.request})` : '')),
    row('fuzz: parked, views equal a rebuild', `${fuzz.parked}, ${fuzz.viewsEqualRebuild ? 'yes' : 'NO'}`),
  ];
  const passed =
    runs.length === plannedRuns &&
    equal === plannedRuns &&
    lost.length === 0 &&
    doubled.length === 0 &&
    parked === 0 &&
    serverErrors === 0 &&
    fuzz.distinct === fuzz.requests &&
    fuzz.parked === 0 &&
    fuzz.viewsEqualRebuild;
  return { lines, passed };
}
