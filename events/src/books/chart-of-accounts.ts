import type { ChargeKind, ExpenseCategory, PaymentMethod } from '../catalogue.ts';

/**
 * The building's chart of accounts, small on purpose: where money is (cash, bank, bKash, Nagad, the
 * card provider's clearing account), what residents owe (one receivable each), what is held for
 * them (deposits), what the building earns (by kind) and spends (by expense category).
 */
export const moneyAccounts = ['cash', 'bank', 'bkash', 'nagad', 'card-clearing'] as const;
export const depositsHeld = 'deposits-held';
/**
 * The other side of what residents owed or had paid ahead when the books moved here (an import's
 * opening balances): the building's equity brought forward, not this period's income.
 */
export const openingBalances = 'opening-balances';
export const incomeAccounts = {
  rent: 'income:rent',
  /** A contra-income: the coupons' discounts on rent billed in full. */
  rentDiscounts: 'income:rent-discounts',
  service: 'income:service',
  utilities: 'income:utilities',
  otherCharges: 'income:other-charges',
  lateFees: 'income:late-fees',
  /** What a deposit's settlement kept for damage and the like. */
  depositDeductions: 'income:deposit-deductions',
} as const;

export const receivableAccount = (email: string) => `receivable:${email.trim().toLowerCase()}`;
export const expenseAccount = (category: ExpenseCategory) => `expense:${category}`;
/** The account money paid by `method` lands in (a card payment: the provider's clearing account). */
export const methodAccount = (method: PaymentMethod) => (method === 'card' ? 'card-clearing' : method);

/** The income account a charge of `kind` is earned in. */
export function chargeIncomeAccount(kind: ChargeKind | undefined): string {
  if (kind === 'service') return incomeAccounts.service;
  if (kind === 'electricity' || kind === 'gas' || kind === 'water') return incomeAccounts.utilities;
  return incomeAccounts.otherCharges;
}

export type AccountKind = 'asset' | 'liability' | 'equity' | 'income' | 'expense';

/** What sort of account a name is: assets and expenses grow by debits, the others by credits. */
export function accountKind(account: string): AccountKind {
  if (account.startsWith('income:')) return 'income';
  if (account.startsWith('expense:')) return 'expense';
  if (account === depositsHeld) return 'liability';
  if (account === openingBalances) return 'equity';
  return 'asset';
}

/** An account name as a query may name it: a fixed account, a receivable or an expense account. */
export const accountNamePattern = /^(?:[a-z-]+|income:[a-z-]+|expense:[a-z-]+|receivable:[^\s]{3,254})$/;
