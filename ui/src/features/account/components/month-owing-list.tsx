import { useTranslation } from 'react-i18next';
import { formatTaka } from '../../../lib/format.ts';
import type { MonthOwing } from '../month-owing.ts';
import './account.css';

/** What the month owes, line by line, what is paid and what remains. */
export function MonthOwingList({ owing }: { owing: MonthOwing }) {
  const { t } = useTranslation();
  const rows: Array<[string, number, boolean?]> = [
    [t('desk.rent'), owing.rent],
    [t('desk.charges'), owing.charges],
    [t('desk.lateFee'), owing.lateFee],
    [t('desk.owed'), owing.owed, true],
    [t('desk.paidSoFar'), owing.paid],
    [t('desk.remaining'), owing.remaining, true],
  ];
  return (
    <dl className="month-owing mb-4">
      {rows.map(([label, amount, total]) => (
        <div key={label}>
          <dt className={total ? 'is-total' : undefined}>{label}</dt>
          <dd className={total ? 'is-total' : undefined}>{formatTaka(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
