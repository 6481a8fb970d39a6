import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { PhotoError } from '../../../lib/prepare-photo.ts';
import { useRecordExpense } from '../api/record-expense.ts';
import { ExpenseFields, noTerms } from './expense-fields.tsx';

/** The admin records what the building spent on a day, with a photo of its receipt if there is one. */
export function ExpenseForm({ today }: { today: string }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(today);
  const [terms, setTerms] = useState(noTerms);
  const [receipt, setReceipt] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const record = useRecordExpense();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await record.mutateAsync({ ...terms, date, receipt });
    } catch (error) {
      toast.error(
        error instanceof PhotoError ? error.message : errorMessage(error, t('finance.recordFailed')),
      );
      return;
    }
    toast.success(t('finance.recorded'));
    setTerms(noTerms);
    setReceipt(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <form className="box dashboard-form" onSubmit={onSubmit} aria-labelledby="finance-record-title">
      <h2 className="title is-5" id="finance-record-title">
        {t('finance.recordTitle')}
      </h2>
      <TextField
        label={t('finance.date')}
        type="date"
        required
        max={today}
        value={date}
        onChange={(e) => setDate(e.target.value)}
      />
      <ExpenseFields terms={terms} onChange={setTerms} />
      <LabelledField label={t('finance.receipt')}>
        {(id) => (
          <>
            <input
              id={id}
              ref={fileInput}
              className="input"
              type="file"
              name="receipt"
              accept="image/*"
              aria-describedby={`${id}-hint`}
              onChange={(e) => setReceipt(e.target.files?.[0] ?? null)}
            />
            <p className="help" id={`${id}-hint`}>
              {t('finance.receiptHint')}
            </p>
          </>
        )}
      </LabelledField>
      <button
        type="submit"
        className={`button is-primary${record.isPending ? ' is-loading' : ''}`}
        disabled={record.isPending}
      >
        {t('finance.record')}
      </button>
    </form>
  );
}
