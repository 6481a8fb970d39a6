import type { ChargeKind, Utility } from '@building/events/catalogue';
import { command } from '../../../lib/api-client.ts';
import type { MonthOfYear } from '../../../lib/month-of-year.ts';
import { useViewCommand } from '../../../lib/use-view-command.ts';

/** Amounts go as the admin typed them (taka, a decimal string): the server checks and converts. */
type Taka = string;

export interface NewCharge extends MonthOfYear {
  target: { si: number } | { block: string } | 'all';
  kind: ChargeKind;
  amount: Taka;
  description: string;
}

/** POST /charges: one charge per apartment leased that month (one, a block, or all). */
export const useAddCharges = () =>
  useViewCommand(
    async (charge: NewCharge) =>
      (await command('POST', '/charges', charge)) as { insertedIds: string[]; position: number },
    ['account'],
  );

/** POST /charges/cancel: an unpaid charge taken back, with why. */
export const useCancelCharge = () =>
  useViewCommand(
    (cancel: MonthOfYear & { chargeId: string; si: number; reason: string }) =>
      command('POST', '/charges/cancel', cancel),
    ['account'],
  );

/** PUT /charge-plans/service: one monthly amount for all, or one per block. */
export const useSetServicePlan = () =>
  useViewCommand(
    (plan: { amount: Taka } | { byBlock: Record<string, Taka> }) =>
      command('PUT', '/charge-plans/service', plan),
    ['prices'],
  );

/** PUT /tariffs/:utility: taka per unit and a fixed part per bill. */
export const useSetTariff = () =>
  useViewCommand(
    ({ utility, ...tariff }: { utility: Utility; perUnit: Taka; fixed: Taka }) =>
      command('PUT', `/tariffs/${utility}`, tariff),
    ['prices'],
  );

/** POST /meter-readings: a meter read now; past its first reading it bills the units since the last. */
export const useReadMeter = () =>
  useViewCommand(
    (reading: { si: number; utility: Utility; reading: string; readAt: string }) =>
      command('POST', '/meter-readings', reading),
    ['prices', 'account'],
  );
