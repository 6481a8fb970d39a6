import { useTranslation } from 'react-i18next';
import {
  expenseCategories,
  offlineMethods,
  type ExpenseCategory,
  type OfflineMethod,
} from '@building/events/catalogue';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { Select } from '../../../components/select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { ExpenseTerms } from '../api/record-expense.ts';

export const noTerms: ExpenseTerms = {
  category: 'repairs',
  vendor: '',
  amount: '',
  description: '',
  paidFrom: 'cash',
};

/** What an expense and a recurring one both say: its category, who was paid, how much, from where. */
export function ExpenseFields({
  terms,
  onChange,
}: {
  terms: ExpenseTerms;
  onChange: (terms: ExpenseTerms) => void;
}) {
  const { t } = useTranslation();
  const set = (change: Partial<ExpenseTerms>) => onChange({ ...terms, ...change });
  return (
    <>
      <LabelledField label={t('finance.category')}>
        {(id) => (
          <Select
            id={id}
            value={terms.category}
            options={expenseCategories.map((c) => ({ value: c, label: t(`finance.categories.${c}`) }))}
            onChange={(value) => set({ category: value as ExpenseCategory })}
          />
        )}
      </LabelledField>
      <TextField
        label={t('finance.vendor')}
        required
        maxLength={200}
        value={terms.vendor}
        onChange={(e) => set({ vendor: e.target.value })}
      />
      <TextField
        label={t('finance.amountTaka')}
        required
        inputMode="decimal"
        pattern="\d{1,10}(\.\d{1,2})?"
        value={terms.amount}
        onChange={(e) => set({ amount: e.target.value })}
      />
      <TextField
        label={t('finance.description')}
        maxLength={1000}
        value={terms.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      <LabelledField label={t('finance.paidFrom')}>
        {(id) => (
          <Select
            id={id}
            value={terms.paidFrom}
            options={offlineMethods.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))}
            onChange={(value) => set({ paidFrom: value as OfflineMethod })}
          />
        )}
      </LabelledField>
    </>
  );
}
