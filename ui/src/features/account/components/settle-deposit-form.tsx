import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { paymentMethods, type PaymentMethod } from '@building/events/catalogue';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { Select } from '../../../components/select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDigits, formatTaka } from '../../../lib/format.ts';
import type { Resident } from '../../../lib/residents.ts';
import { useSettleDeposit } from '../api/desk-commands.ts';
import type { DepositState } from '../month-owing.ts';
import { FormProblem } from './form-problem.tsx';

interface Deduction {
  key: number;
  reason: string;
  amount: string;
}

/** Taka typed, as poisha, or 0 while it is not an amount yet (the server has the last word). */
const poishaOf = (typed: string) =>
  /^\d+(\.\d{1,2})?$/.test(typed.trim()) ? Math.round(Number(typed) * 100) : 0;

/**
 * Settles an ended lease's deposit once: itemised deductions (rows added and removed), the rest
 * returned by the method named with its reference (a card return is refunded by the provider).
 */
export function SettleDepositForm({ lease, deposit }: { lease: Resident; deposit: DepositState }) {
  const { t } = useTranslation();
  const settle = useSettleDeposit();
  const [rows, setRows] = useState<Deduction[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const kept = rows.reduce((sum, row) => sum + poishaOf(row.amount), 0) / 100;
  const change = (key: number, next: Partial<Deduction>) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, ...next } : row)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await settle.mutateAsync({
        si: lease.si,
        email: lease.email,
        deductions: rows.map(({ reason, amount }) => ({ reason: reason.trim(), amount: amount.trim() })),
        method,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      });
      toast.success(t('deposit.settledToast'));
    } catch (error) {
      setProblem(errorMessage(error, undefined, { apartment: lease.apartment }));
    }
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby="settle-title" className="box">
      <h2 className="title is-5" id="settle-title">
        {t('deposit.settleTitle', { apartment: lease.apartment })}
      </h2>
      <p className="mb-3">
        {t('deposit.held', { paid: formatTaka(deposit.paid), owed: formatTaka(deposit.owed) })}
      </p>
      <fieldset className="mb-4">
        <legend className="label">{t('deposit.deductions')}</legend>
        {rows.length === 0 && <p className="help mb-2">{t('deposit.noDeductions')}</p>}
        {rows.map((row, index) => (
          <div
            key={row.key}
            className="columns is-mobile is-multiline is-vcentered"
            role="group"
            aria-label={t('deposit.deductionN', { n: formatDigits(index + 1) })}
          >
            <div className="column is-full-mobile">
              <TextField
                label={t('deposit.reason')}
                required
                maxLength={500}
                value={row.reason}
                onChange={(e) => change(row.key, { reason: e.target.value })}
              />
            </div>
            <div className="column">
              <TextField
                label={t('deposit.amount')}
                required
                inputMode="decimal"
                value={row.amount}
                onChange={(e) => change(row.key, { amount: e.target.value })}
              />
            </div>
            <div className="column is-narrow">
              <button
                type="button"
                className="button is-small is-danger is-light"
                aria-label={t('deposit.removeN', { n: formatDigits(index + 1) })}
                onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
              >
                {t('deposit.remove')}
              </button>
            </div>
          </div>
        ))}
        <button
          type="button"
          className="button is-small"
          onClick={() => {
            setRows([...rows, { key: nextKey, reason: '', amount: '' }]);
            setNextKey(nextKey + 1);
          }}
        >
          {t('deposit.addDeduction')}
        </button>
      </fieldset>
      <p className="mb-3">
        {t('deposit.summary', {
          kept: formatTaka(kept),
          returned: formatTaka(Math.max(0, deposit.paid - kept)),
        })}
      </p>
      <LabelledField label={t('deposit.returnMethod')}>
        {(id) => (
          <Select
            id={id}
            value={method}
            onChange={(value) => setMethod(value as PaymentMethod)}
            options={paymentMethods.map((m) => ({ value: m, label: t(`account.methods.${m}`) }))}
          />
        )}
      </LabelledField>
      <TextField
        label={t('deposit.reference')}
        hint={method === 'card' ? t('deposit.cardReference') : undefined}
        required={method !== 'card'}
        maxLength={100}
        value={reference}
        onChange={(e) => setReference(e.target.value)}
      />
      <button type="submit" className={`button is-primary${settle.isPending ? ' is-loading' : ''}`}>
        {t('deposit.settle')}
      </button>
      <FormProblem problem={problem} />
    </form>
  );
}
