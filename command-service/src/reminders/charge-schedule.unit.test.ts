import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { ledgersAt } from '@building/events/rent-ledger/lease-ledger';
import { applyLedgerEvent, noLedgerFacts } from '@building/events/rent-ledger/ledger-facts';
import { tenantLeased } from '@building/domain/testing/account-fixtures';
import {
  applyChargeScheduleEvent,
  lateFeesDue,
  noChargeSchedule,
  serviceChargesDue,
} from './charge-schedule.ts';

const leased = (si: number, block: string) => tenantLeased(si, block, '2026-10-10T04:00:00Z');
const plan: DomainEvent = {
  type: 'ChargePlanSet',
  data: {
    tariff: 'service',
    amountPoisha: null,
    byBlock: { A: 300_000 },
    setBy: 'a@b.test',
    setAt: '2026-10-01T00:00:00Z',
  },
};

function at(now: string, ...events: DomainEvent[]) {
  const facts = events.reduce(applyLedgerEvent, noLedgerFacts());
  const schedule = events.reduce(applyChargeScheduleEvent, noChargeSchedule());
  const ledgers = ledgersAt(Object.values(facts.leases), Object.values(facts.settled), new Date(now));
  return { schedule, ledgers };
}
const months = (due: Array<{ si: number; month: string; year: number }>) =>
  due.map(({ si, month, year }) => `${si} ${month} ${year}`);

describe('what the scheduler charges now', () => {
  const history = [plan, leased(1, 'A'), leased(2, 'B')];

  it('issues the current month’s service charge of each apartment its block’s plan charges', () => {
    const { schedule, ledgers } = at('2026-11-30T18:00:00Z', ...history);
    expect(months(serviceChargesDue(schedule, ledgers))).toEqual(['1 December 2026']);
  });

  it('issues nothing for a month that holds it, nor without a plan', () => {
    const { schedule, ledgers } = at('2026-12-02T00:00:00Z', ...history, {
      type: 'ChargeAdded',
      data: {
        si: 1,
        apartment: 'A1',
        month: 'December',
        year: 2026,
        email: 'tenant1@building.test',
        name: 'Tenant 1',
        leaseId: '00000000-0000-4000-8000-000000000001',
        chargeId: '22222222-2222-4222-8222-222222222222',
        block: 'A',
        kind: 'service',
        amountPoisha: 300_000,
        description: 'Service charge',
        origin: 'plan',
        addedBy: 'scheduler',
        addedAt: '2026-11-30T18:00:00Z',
      },
    });
    expect(serviceChargesDue(schedule, ledgers)).toEqual([]);
    const unplanned = at('2026-12-02T00:00:00Z', leased(1, 'A'));
    expect(serviceChargesDue(unplanned.schedule, unplanned.ledgers)).toEqual([]);
  });

  it('charges late fees only after the due day, and never at 0 percent', () => {
    const before = at('2026-12-05T17:59:00Z', ...history);
    expect(lateFeesDue(before.schedule, before.ledgers, 5)).toEqual([]);
    const after = at('2026-12-05T18:00:00Z', ...history);
    expect(months(lateFeesDue(after.schedule, after.ledgers, 5))).toEqual([
      '1 December 2026',
      '2 December 2026',
    ]);
    expect(lateFeesDue(after.schedule, after.ledgers, 0)).toEqual([]);
    after.schedule.quiet.add('2-2026-december');
    expect(months(lateFeesDue(after.schedule, after.ledgers, 5))).toEqual(['1 December 2026']);
  });
});
