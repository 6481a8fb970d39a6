import type { EventType } from './catalogue.ts';

/** The money of a resident's account: what a lease owes and what is paid towards it. */
export const accountMoneyEventTypes = [
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
] as const satisfies readonly EventType[];

/** The event types that move money or what is owed: each posts to the journal (the domain's books/posting.ts). */
export const moneyEventTypes = [
  ...accountMoneyEventTypes,
  'ExpenseRecorded',
  'ExpenseReversed',
  'OpeningBalanceRecorded',
] as const satisfies readonly EventType[];
export type MoneyEventType = (typeof moneyEventTypes)[number];
