import { useTranslation } from 'react-i18next';
import type { LedgerMonthResponse } from '@building/events/read-models/rent-ledger';

const tagOf = { paid: 'is-success', due: 'is-warning', overdue: 'is-danger' } as const;

/** A month's status as a coloured tag, its word in the reader's language. */
export function LedgerStatus({ status }: { status: LedgerMonthResponse['status'] }) {
  const { t } = useTranslation();
  return <span className={`tag ${tagOf[status]}`}>{t(`ledger.status.${status}`)}</span>;
}
