import { describe, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { decideTariff, type TariffCommand } from './decide-tariff.ts';
import { tariffAggregate } from './tariff.ts';

const given = specFor({ ...tariffAggregate, decide: decideTariff });
const admin = { email: 'admin@building.test', role: 'admin' };
const at = new Date('2026-11-28T06:00:00Z');

const plan = (amountPoisha: number | null, byBlock: Record<string, number> | null = null): TariffCommand => ({
  type: 'SetServicePlan',
  data: { amountPoisha, byBlock, by: admin, at },
});
const planSet = (
  amountPoisha: number | null,
  byBlock: Record<string, number> | null = null,
): DomainEvent => ({
  type: 'ChargePlanSet',
  data: { tariff: 'service', amountPoisha, byBlock, setBy: admin.email, setAt: at.toISOString() },
});
const tariff = (perUnitPoisha: number, fixedPoisha = 0, by = admin): TariffCommand => ({
  type: 'SetTariff',
  data: { utility: 'electricity', perUnitPoisha, fixedPoisha, by, at },
});
const tariffSet = (perUnitPoisha: number, fixedPoisha = 0): DomainEvent => ({
  type: 'TariffSet',
  data: { tariff: 'electricity', perUnitPoisha, fixedPoisha, setBy: admin.email, setAt: at.toISOString() },
});

describe('rule: an admin sets the monthly service charge, for all or per block', () => {
  it('sets one amount for every apartment', () => given().when(plan(300_000)).then(planSet(300_000)));
  it('sets an amount per block', () =>
    given(planSet(300_000))
      .when(plan(null, { A: 300_000, B: 250_000 }))
      .then(planSet(null, { A: 300_000, B: 250_000 })));
  it('records nothing when the plan in force is set again', () =>
    given(planSet(null, { A: 300_000, B: 250_000 }))
      .when(plan(null, { B: 250_000, A: 300_000 }))
      .thenNothing());
  it('records a change of one block', () =>
    given(planSet(null, { A: 300_000, B: 250_000 }))
      .when(plan(null, { A: 300_000 }))
      .then(planSet(null, { A: 300_000 })));
  it('refuses a member', () =>
    given()
      .when({
        type: 'SetServicePlan',
        data: { amountPoisha: 1, byBlock: null, by: { ...admin, role: 'member' }, at },
      })
      .thenFails('admin-only'));
});

describe('rule: an admin sets a utility’s price per unit and its fixed part', () => {
  it('sets the tariff', () => given().when(tariff(850, 5_000)).then(tariffSet(850, 5_000)));
  it('records nothing for the tariff in force', () =>
    given(tariffSet(850, 5_000)).when(tariff(850, 5_000)).thenNothing());
  it('records a new price', () =>
    given(tariffSet(850, 5_000)).when(tariff(900, 5_000)).then(tariffSet(900, 5_000)));
  it('refuses a user', () =>
    given()
      .when(tariff(850, 0, { email: 'rafi@building.test', role: 'user' }))
      .thenFails('admin-only'));
});
