import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatTaka } from '../../../lib/format.ts';
import { useSetServicePlan } from '../api/charge-commands.ts';
import type { PricesResponse } from '../api/get-prices.ts';
import { FormProblem } from './form-problem.tsx';

type Plan = PricesResponse['prices'][number] | undefined;

/** The plan in force, in words. */
function planNow(plan: Plan, t: TFunction) {
  if (!plan) return t('charges.planNotSet');
  if (plan.byBlock)
    return Object.entries(plan.byBlock)
      .map(([block, amount]) => t('charges.planBlock', { block, amount: formatTaka(amount) }))
      .join(' · ');
  return t('charges.planAll', { amount: formatTaka(plan.amount ?? 0) });
}

/**
 * The monthly service charge the scheduler issues on the 1st: one amount for every leased apartment,
 * or one per block (a block left empty owes none).
 */
export function ServicePlanForm({ plan, blocks }: { plan: Plan; blocks: readonly string[] }) {
  const { t } = useTranslation();
  const save = useSetServicePlan();
  const [perBlock, setPerBlock] = useState(Boolean(plan?.byBlock));
  const [amount, setAmount] = useState(plan?.amount != null ? String(plan.amount) : '');
  const allBlocks = [...new Set([...blocks, ...Object.keys(plan?.byBlock ?? {})])].sort();
  const [byBlock, setByBlock] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(plan?.byBlock ?? {}).map(([b, a]) => [b, String(a)])),
  );
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const named = Object.fromEntries(Object.entries(byBlock).filter(([, a]) => a.trim() !== ''));
    try {
      await save.mutateAsync(perBlock ? { byBlock: named } : { amount });
      toast.success(t('charges.planSaved'));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby="service-plan-title" className="box">
      <h2 className="title is-5" id="service-plan-title">
        {t('charges.planTitle')}
      </h2>
      <p className="mb-3">
        {t('charges.planNow')}: <strong>{planNow(plan, t)}</strong>
      </p>
      <fieldset className="field">
        <legend className="label">{t('charges.planHow')}</legend>
        <label className="radio mr-4">
          <input type="radio" name="plan-kind" checked={!perBlock} onChange={() => setPerBlock(false)} />{' '}
          {t('charges.planOneAmount')}
        </label>
        <label className="radio">
          <input type="radio" name="plan-kind" checked={perBlock} onChange={() => setPerBlock(true)} />{' '}
          {t('charges.planPerBlock')}
        </label>
      </fieldset>
      {perBlock ? (
        allBlocks.map((block) => (
          <TextField
            key={block}
            label={t('charges.blockAmount', { block })}
            inputMode="decimal"
            value={byBlock[block] ?? ''}
            onChange={(e) => setByBlock({ ...byBlock, [block]: e.target.value })}
          />
        ))
      ) : (
        <TextField
          label={t('charges.amount')}
          inputMode="decimal"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      )}
      <button type="submit" className={`button is-primary${save.isPending ? ' is-loading' : ''}`}>
        {t('charges.savePlan')}
      </button>
      <FormProblem problem={problem} />
    </form>
  );
}
