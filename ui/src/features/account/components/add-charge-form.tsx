import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { chargeKinds, type ChargeKind } from '@building/events/catalogue';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { Select } from '../../../components/select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatMonthOfYear, type MonthOfYear } from '../../../lib/month-of-year.ts';
import type { Resident } from '../../../lib/residents.ts';
import { useAddCharges, type NewCharge } from '../api/charge-commands.ts';
import { FormProblem } from './form-problem.tsx';

type TargetKind = 'si' | 'block' | 'all';

/** A charge for the month picked: to one apartment, a block, or every apartment leased that month. */
export function AddChargeForm({ of, leases }: { of: MonthOfYear; leases: readonly Resident[] }) {
  const { t } = useTranslation();
  const add = useAddCharges();
  const blocks = [...new Set(leases.map((l) => l.block))].sort();
  const [target, setTarget] = useState<TargetKind>('si');
  const [si, setSi] = useState('');
  const [block, setBlock] = useState('');
  const [kind, setKind] = useState<ChargeKind>('service');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const chosenSi = si || String(leases[0]?.si ?? '');
  const chosenBlock = block || (blocks[0] ?? '');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const to: NewCharge['target'] =
      target === 'si' ? { si: Number(chosenSi) } : target === 'block' ? { block: chosenBlock } : 'all';
    setProblem(null);
    try {
      const { insertedIds } = await add.mutateAsync({ ...of, target: to, kind, amount, description });
      toast.success(t('charges.added', { n: formatNumber(insertedIds.length) }));
      setAmount('');
      setDescription('');
    } catch (error) {
      setProblem(errorMessage(error, undefined, { month: formatMonthOfYear(of) }));
    }
  };

  const targets: Array<{ value: TargetKind; label: string }> = [
    { value: 'si', label: t('charges.toApartment') },
    { value: 'block', label: t('charges.toBlock') },
    { value: 'all', label: t('charges.toAll') },
  ];
  return (
    <form onSubmit={onSubmit} aria-labelledby="add-charge-title" className="box">
      <h2 className="title is-5" id="add-charge-title">
        {t('charges.addTitle', { month: formatMonthOfYear(of) })}
      </h2>
      <fieldset className="field">
        <legend className="label">{t('charges.to')}</legend>
        <div className="control">
          {targets.map((option) => (
            <label key={option.value} className="radio mr-4">
              <input
                type="radio"
                name="charge-target"
                value={option.value}
                checked={target === option.value}
                onChange={() => setTarget(option.value)}
              />{' '}
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {target === 'si' && (
        <LabelledField label={t('charges.apartment')}>
          {(id) => (
            <Select
              id={id}
              value={chosenSi}
              onChange={setSi}
              options={leases.map((l) => ({ value: String(l.si), label: l.apartment }))}
            />
          )}
        </LabelledField>
      )}
      {target === 'block' && (
        <LabelledField label={t('charges.block')}>
          {(id) => <Select id={id} value={chosenBlock} onChange={setBlock} options={blocks} />}
        </LabelledField>
      )}
      <LabelledField label={t('charges.kind')}>
        {(id) => (
          <Select
            id={id}
            value={kind}
            onChange={(value) => setKind(value as ChargeKind)}
            options={chargeKinds.map((k) => ({ value: k, label: t(`account.chargeKinds.${k}`) }))}
          />
        )}
      </LabelledField>
      <TextField
        label={t('charges.amount')}
        inputMode="decimal"
        required
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextField
        label={t('charges.description')}
        maxLength={500}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <button
        type="submit"
        className={`button is-primary${add.isPending ? ' is-loading' : ''}`}
        disabled={!amount.trim()}
      >
        {t('charges.add')}
      </button>
      <FormProblem problem={problem} />
    </form>
  );
}
