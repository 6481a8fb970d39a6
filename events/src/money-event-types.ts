import type { EventType } from './catalogue.ts';

/** The event types that move money or what is owed: each posts to the journal (the domain's books/posting.ts). */
export const moneyEventTypes = [
  'ChargeAdded',
  'ChargeCancelled',
  'LateFeeCharged',
  'RentPaid',
  'RentRefunded',
  'OfflinePaymentRecorded',
  'PaymentReversed',
  'DepositOwed',
  'DepositPaid',
  'DepositSettled',
  'ExpenseRecorded',
  'ExpenseReversed',
] as const satisfies readonly EventType[];
export type MoneyEventType = (typeof moneyEventTypes)[number];
