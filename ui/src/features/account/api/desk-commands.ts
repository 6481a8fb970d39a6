import type { OfflineMethod, PaymentMethod } from '@building/events/catalogue';
import { command } from '../../../lib/api-client.ts';
import type { MonthOfYear } from '../../../lib/month-of-year.ts';
import { useViewCommand } from '../../../lib/use-view-command.ts';

/** The views money at the desk changes: the account, the ledger, the payment lists. */
const moneyViews = ['account', 'rent-ledger', 'payments'] as const;

export interface OfflinePayment extends MonthOfYear {
  email: string;
  si: number;
  method: OfflineMethod;
  reference: string;
  /** Taka as typed; the server checks it and refuses more than the month still owes. */
  amount: string;
}

/** POST /payments/offline: money for a month received at the desk, by bank or by mobile money. */
export const useRecordOfflinePayment = () =>
  useViewCommand(
    async (payment: OfflinePayment) =>
      (await command('POST', '/payments/offline', payment)) as { paymentId: string; recorded: boolean },
    moneyViews,
  );

/** POST /payments/offline/reverse: a desk payment recorded in error, undone with why. */
export const useReversePayment = () =>
  useViewCommand(
    (reversal: MonthOfYear & { paymentId: string; si: number; reason: string }) =>
      command('POST', '/payments/offline/reverse', reversal),
    moneyViews,
  );

export interface Settlement {
  si: number;
  email: string;
  deductions: Array<{ reason: string; amount: string }>;
  method: PaymentMethod;
  /** Absent for a card return: the provider's refund ids become its reference. */
  reference?: string;
}

/** POST /deposits/settle: once, after the lease ended; the deductions kept, the rest returned. */
export const useSettleDeposit = () =>
  useViewCommand((settlement: Settlement) => command('POST', '/deposits/settle', settlement), ['account']);
