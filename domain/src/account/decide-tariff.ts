import type { DomainEvent, Utility } from '@building/events/catalogue';
import { assertAdmin, type Recorder } from './decide-offline-payment.ts';
import type { TariffState } from './tariff.ts';

export type TariffCommand =
  /** An admin sets the monthly service charge: one amount for all, or one per block. */
  | {
      type: 'SetServicePlan';
      data: { amountPoisha: number | null; byBlock: Record<string, number> | null; by: Recorder; at: Date };
    }
  /** An admin sets a utility's price per unit read and its fixed part per bill. */
  | {
      type: 'SetTariff';
      data: { utility: Utility; perUnitPoisha: number; fixedPoisha: number; by: Recorder; at: Date };
    };

const sameBlocks = (a: Record<string, number> | null, b: Record<string, number> | null) =>
  a === null || b === null
    ? a === b
    : Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * Prices are set by admins only. Setting the price already in force records nothing (a retried
 * request, a second click), so the log holds only real changes.
 */
export function decideTariff(command: TariffCommand, state: TariffState): DomainEvent[] {
  switch (command.type) {
    case 'SetServicePlan': {
      const { amountPoisha, byBlock, by, at } = command.data;
      assertAdmin(by, 'set the service charge plan');
      const plan = state.plan;
      if (plan && plan.amountPoisha === amountPoisha && sameBlocks(plan.byBlock, byBlock)) return [];
      return [
        {
          type: 'ChargePlanSet',
          data: { tariff: 'service', amountPoisha, byBlock, setBy: by.email, setAt: at.toISOString() },
        },
      ];
    }
    case 'SetTariff': {
      const { utility, perUnitPoisha, fixedPoisha, by, at } = command.data;
      assertAdmin(by, `set the ${utility} tariff`);
      const tariff = state.tariff;
      if (tariff && tariff.perUnitPoisha === perUnitPoisha && tariff.fixedPoisha === fixedPoisha) return [];
      return [
        {
          type: 'TariffSet',
          data: { tariff: utility, perUnitPoisha, fixedPoisha, setBy: by.email, setAt: at.toISOString() },
        },
      ];
    }
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}
