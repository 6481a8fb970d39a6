import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { offlineMethods, type OfflineMethod } from '@building/events/catalogue';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { Select } from '../../../components/select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatTaka } from '../../../lib/format.ts';
import { formatMonthOfYear, type MonthOfYear } from '../../../lib/month-of-year.ts';
import type { Resident } from '../../../lib/residents.ts';
import { useReceiptDownload } from '../../../lib/use-receipt-download.ts';
import { useRecordOfflinePayment } from '../api/desk-commands.ts';
import { FormProblem } from './form-problem.tsx';

/**
 * Money for the month taken at the desk: cash, bank, bKash or Nagad with its reference, all or part
 * of what remains; once recorded, its receipt is a button away.
 */
export function RecordPaymentForm({
  lease,
  of,
  remaining,
}: {
  lease: Resident;
  of: MonthOfYear;
  remaining: number;
}) {
  const { t } = useTranslation();
  const record = useRecordOfflinePayment();
  const { downloading, onReceipt } = useReceiptDownload();
  const [method, setMethod] = useState<OfflineMethod>('cash');
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<{ paymentId: string; amount: string } | null>(null);
  const about = { apartment: lease.apartment, month: formatMonthOfYear(of) };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const typed = amount.trim() || String(remaining);
      const { paymentId } = await record.mutateAsync({
        email: lease.email,
        si: lease.si,
        ...of,
        method,
        reference,
        amount: typed,
      });
      setRecorded({ paymentId, amount: typed });
      setReference('');
      setAmount('');
    } catch (error) {
      setProblem(errorMessage(error, undefined, about));
    }
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby="record-payment-title" className="box">
      <h2 className="title is-5" id="record-payment-title">
        {t('desk.recordTitle')}
      </h2>
      <LabelledField label={t('desk.method')}>
        {(id) => (
          <Select
            id={id}
            value={method}
            onChange={(value) => setMethod(value as OfflineMethod)}
            options={offlineMethods.map((m) => ({ value: m, label: t(`account.methods.${m}`) }))}
          />
        )}
      </LabelledField>
      <TextField
        label={t('desk.reference')}
        hint={t('desk.referenceHint')}
        required
        maxLength={100}
        value={reference}
        onChange={(e) => setReference(e.target.value)}
      />
      <TextField
        label={t('desk.amount')}
        hint={t('desk.amountHint', { remaining: formatTaka(remaining) })}
        inputMode="decimal"
        placeholder={String(remaining)}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <button
        type="submit"
        className={`button is-primary${record.isPending ? ' is-loading' : ''}`}
        disabled={!reference.trim()}
      >
        {t('desk.record')}
      </button>
      <FormProblem problem={problem} />
      {recorded && (
        <div className="notification is-success is-light mt-3" role="status">
          <p>{t('desk.recorded', { amount: formatTaka(Number(recorded.amount)) })}</p>
          <button
            type="button"
            className={`button is-small mt-2${downloading === recorded.paymentId ? ' is-loading' : ''}`}
            onClick={() => void onReceipt(recorded.paymentId)}
          >
            {t('desk.receipt')}
          </button>
        </div>
      )}
    </form>
  );
}
