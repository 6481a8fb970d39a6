import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { Utility } from '@building/events/catalogue';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSetTariff } from '../api/charge-commands.ts';
import type { PricesResponse } from '../api/get-prices.ts';
import { FormProblem } from './form-problem.tsx';

/** One utility's tariff: taka per unit read and a fixed part per bill, filled with the one in force. */
export function TariffForm({
  utility,
  tariff,
}: {
  utility: Utility;
  tariff: PricesResponse['prices'][number] | undefined;
}) {
  const { t } = useTranslation();
  const save = useSetTariff();
  const [perUnit, setPerUnit] = useState(tariff?.perUnit != null ? String(tariff.perUnit) : '');
  const [fixed, setFixed] = useState(tariff?.fixed != null ? String(tariff.fixed) : '0');
  const [problem, setProblem] = useState<string | null>(null);
  const name = t(`account.chargeKinds.${utility}`);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await save.mutateAsync({ utility, perUnit, fixed });
      toast.success(t('charges.tariffSaved', { utility: name }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-label={t('charges.tariffOf', { utility: name })}
      className="column is-one-third-desktop"
    >
      <h3 className="title is-6">{name}</h3>
      <TextField
        label={t('charges.perUnit')}
        inputMode="decimal"
        required
        value={perUnit}
        onChange={(e) => setPerUnit(e.target.value)}
      />
      <TextField
        label={t('charges.fixed')}
        inputMode="decimal"
        required
        value={fixed}
        onChange={(e) => setFixed(e.target.value)}
      />
      <button type="submit" className={`button is-primary${save.isPending ? ' is-loading' : ''}`}>
        {t('charges.saveTariff', { utility: name })}
      </button>
      <FormProblem problem={problem} />
    </form>
  );
}
