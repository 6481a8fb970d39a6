import type { ExpenseCategory } from '../catalogue.ts';
import type { IncomeKind } from './statement.ts';

/**
 * What a statement's lines are called, in each language the site speaks: one list for the
 * statement's PDF and CSV and for the Finance page.
 */
export const statementNames = {
  en: {
    incomeKinds: {
      rent: 'Rent',
      'rent-discounts': 'Coupon discounts',
      service: 'Service charges',
      utilities: 'Utilities',
      'other-charges': 'Other charges',
      'late-fees': 'Late fees',
      'deposit-deductions': 'Deposit deductions',
    } satisfies Record<IncomeKind, string>,
    categories: {
      salaries: 'Salaries',
      electricity: 'Electricity',
      gas: 'Gas',
      water: 'Water',
      repairs: 'Repairs',
      cleaning: 'Cleaning',
      security: 'Security',
      lift: 'Lift',
      generator: 'Generator',
      taxes: 'Taxes',
      other: 'Other',
    } satisfies Record<ExpenseCategory, string>,
  },
  bn: {
    incomeKinds: {
      rent: 'ভাড়া',
      'rent-discounts': 'কুপন ছাড়',
      service: 'সার্ভিস চার্জ',
      utilities: 'ইউটিলিটি',
      'other-charges': 'অন্যান্য চার্জ',
      'late-fees': 'বিলম্ব ফি',
      'deposit-deductions': 'জামানত থেকে কর্তন',
    } satisfies Record<IncomeKind, string>,
    categories: {
      salaries: 'বেতন',
      electricity: 'বিদ্যুৎ',
      gas: 'গ্যাস',
      water: 'পানি',
      repairs: 'মেরামত',
      cleaning: 'পরিচ্ছন্নতা',
      security: 'নিরাপত্তা',
      lift: 'লিফট',
      generator: 'জেনারেটর',
      taxes: 'কর',
      other: 'অন্যান্য',
    } satisfies Record<ExpenseCategory, string>,
  },
} as const;
