import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSetRecurringExpense, type ExpenseTerms } from '../api/record-expense.ts';
import { ExpenseFields, noTerms } from './expense-fields.tsx';

/** The admin sets an expense the scheduler records every month on a day (the guards' salaries on the 1st). */
export function RecurringExpenseForm() {
  const { t } = useTranslation();
  const [terms, setTerms] = useState<ExpenseTerms>({ ...noTerms, category: 'salaries' });
  const [dayOfMonth, setDayOfMonth] = useState('1');
  const set = useSetRecurringExpense();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await set.mutateAsync({ ...terms, dayOfMonth });
    } catch (error) {
      toast.error(errorMessage(error, t('finance.recurringFailed')));
      return;
    }
    toast.success(t('finance.recurringSet'));
    setTerms({ ...noTerms, category: 'salaries' });
  };

  return (
    <form className="box dashboard-form" onSubmit={onSubmit} aria-labelledby="finance-recurring-title">
      <h2 className="title is-5" id="finance-recurring-title">
        {t('finance.recurringTitle')}
      </h2>
      <ExpenseFields terms={terms} onChange={setTerms} />
      <TextField
        label={t('finance.dayOfMonth')}
        type="number"
        required
        min={1}
        max={28}
        value={dayOfMonth}
        onChange={(e) => setDayOfMonth(e.target.value)}
      />
      <button
        type="submit"
        className={`button is-primary${set.isPending ? ' is-loading' : ''}`}
        disabled={set.isPending}
      >
        {t('finance.setRecurring')}
      </button>
    </form>
  );
}
