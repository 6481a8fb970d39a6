import { describe, expect, it } from 'vitest';
import { chaosVerdict } from './chaos-summary.ts';
import type { ChaosRun, ChaosSummary } from './run-chaos.ts';
import type { FuzzSummary } from './run-fuzz.ts';

const cleanRun = (run: number): ChaosRun => ({
  run,
  faults: ['projector killed'],
  sent: 10,
  answered: 9,
  lost: [],
  doubled: [],
  parked: 0,
  unlike: [],
  duplicates: 0,
});
const chaos = (runs: ChaosRun[]): ChaosSummary => ({
  runs,
  faults: {
    'projector killed': runs.length,
    'broker restarted': 0,
    'duplicate deliveries': 0,
    'Redis down and up': 0,
    'command-service killed': 0,
  },
});
const fuzz: FuzzSummary = {
  seed: 1,
  requests: 500,
  distinct: 500,
  routes: 36,
  byStatus: { 400: 500 },
  serverErrors: [],
  parked: 0,
  viewsEqualRebuild: true,
};

describe('the chaos verdict', () => {
  it('passes when every planned run held every check and the fuzz found no 5xx', () => {
    const verdict = chaosVerdict(chaos([cleanRun(1), cleanRun(2)]), fuzz, 2);
    expect(verdict.passed).toBe(true);
    expect(verdict.lines).toContain(`  ${'views equal a rebuild'.padEnd(34)} 2/2`);
    expect(verdict.lines).toContain(`  ${'commands answered 2xx'.padEnd(34)} 18`);
    expect(verdict.lines).toContain(`  ${'fuzz requests'.padEnd(34)} 500 (500 distinct) over 36 routes`);
  });

  it.each([
    ['a lost command', { lost: ['announcement chaos 1-1 (200): no AnnouncementPosted at position 9'] }],
    ['a doubled command', { doubled: ['coupon C1-2 (0): 2 copies'] }],
    ['a parked event', { parked: 1 }],
    ['a view unlike its rebuild', { unlike: ['coupons'] }],
    ['a run that could not finish', { error: 'not caught up after 120 s' }],
  ])('fails on %s', (_name, flaw) => {
    expect(chaosVerdict(chaos([cleanRun(1), { ...cleanRun(2), ...flaw }]), fuzz, 2).passed).toBe(false);
  });

  it('fails when fewer runs finished than planned, or the fuzz found a 5xx', () => {
    expect(chaosVerdict(chaos([cleanRun(1)]), fuzz, 2).passed).toBe(false);
    const broken = { ...fuzz, serverErrors: [{ status: 500, request: 'GET /x' }] };
    expect(chaosVerdict(chaos([cleanRun(1)]), broken, 1).passed).toBe(false);
    expect(chaosVerdict(chaos([cleanRun(1)]), { ...fuzz, distinct: 499 }, 1).passed).toBe(false);
  });
});
