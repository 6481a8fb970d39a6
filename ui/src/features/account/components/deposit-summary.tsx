import { useTranslation } from 'react-i18next';
import { formatTaka } from '../../../lib/format.ts';
import type { DepositState } from '../month-owing.ts';

/** A deposit in a sentence: what is owed and paid, or once settled what was kept and returned. */
export function DepositSummary({ deposit }: { deposit: DepositState }) {
  const { t } = useTranslation();
  if (deposit.settled)
    return (
      <p>
        {t('deposit.settledSummary', {
          kept: formatTaka(deposit.kept),
          returned: formatTaka(deposit.returned),
          method: deposit.returnMethod ? t(`account.methods.${deposit.returnMethod as 'cash'}`) : '',
        })}
        {deposit.returnReference && (
          <span className="tag is-light ml-2" translate="no">
            {deposit.returnReference}
          </span>
        )}
      </p>
    );
  return (
    <p>
      {t('deposit.owedSummary', {
        owed: formatTaka(deposit.owed),
        paid: formatTaka(deposit.paid),
        remaining: formatTaka(deposit.remaining),
      })}
    </p>
  );
}
