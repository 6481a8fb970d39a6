import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { monthNames } from '@building/events/catalogue';
import type { LedgerMonthResponse } from '@building/events/read-models/rent-ledger';
import { DataTable } from '../../../components/data-table.tsx';
import { useReceiptDownload } from '../../../lib/use-receipt-download.ts';
import {
  formatDateTime,
  formatLongDate,
  formatMonthName,
  formatTaka,
  formatYear,
} from '../../../lib/format.ts';
import { LedgerStatus } from './ledger-status.tsx';

const taka = (poisha: number) => formatTaka(poisha / 100);
const monthLabel = (m: LedgerMonthResponse) =>
  `${formatMonthName(Date.UTC(2000, monthNames.indexOf(m.month), 1))} ${formatYear(m.year)}`;

interface LeaseMonthsProps {
  si: number;
  months: readonly LedgerMonthResponse[];
  /** An unpaid month can be paid from here (the member's active lease); otherwise read only. */
  payable: boolean;
}

/**
 * A lease's months, newest first: status, rent with the month's charges and late fee, its payments
 * by card and offline (each with its receipt), refunds made at the provider, what is still owed (to
 * pay from here, the month's total), reminders.
 */
export function LeaseMonths({ si, months, payable }: LeaseMonthsProps) {
  const { t } = useTranslation();
  const { downloading, onReceipt } = useReceiptDownload();
  /** The receipt of a payment (`id`: its transaction or offline payment id), named by `label`. */
  const receipt = (id: string, label: string) => (
    <button
      type="button"
      className={`button is-small${downloading === id ? ' is-loading' : ''}`}
      aria-label={t('pages.receiptFor', { id: label })}
      onClick={() => void onReceipt(id)}
    >
      {t('pages.receipt')}
    </button>
  );
  const reminders = (m: LedgerMonthResponse) =>
    [
      m.reminders.due && t('ledger.remindedDue', { at: formatDateTime(m.reminders.due) }),
      m.reminders.overdue && t('ledger.remindedOverdue', { at: formatDateTime(m.reminders.overdue) }),
    ].filter(Boolean);

  return (
    <DataTable
      numbered={false}
      caption={t('ledger.monthsCaption')}
      columns={[
        t('pages.month'),
        t('ledger.statusHeading'),
        t('pages.rent'),
        t('ledger.settled'),
        t('ledger.reminders'),
      ]}
      rows={[...months].reverse()}
      rowKey={(m) => `${m.year}-${m.month}`}
      empty={t('ledger.noMonths')}
      cells={(m) => (
        <>
          <td>{monthLabel(m)}</td>
          <td>
            <LedgerStatus status={m.status} />
          </td>
          <td>
            {taka(m.rentPoisha)}
            {m.charges.map((c) => (
              <p key={c.chargeId}>
                {t('ledger.chargeOf', {
                  charge: c.description || t('ledger.charge'),
                  amount: taka(c.amountPoisha),
                })}
              </p>
            ))}
            {m.lateFeePoisha > 0 && <p>{t('ledger.lateFeeOf', { amount: taka(m.lateFeePoisha) })}</p>}
          </td>
          <td>
            {[m.paid, ...m.otherPayments].map(
              (p) =>
                p && (
                  <p key={p.transactionId}>
                    {t('ledger.paidOn', { amount: taka(p.amountPoisha), at: formatLongDate(p.paidAt) })}{' '}
                    {receipt(p.transactionId, p.transactionId)}
                  </p>
                ),
            )}
            {m.offlinePayments.map((p) => (
              <p key={p.paymentId}>
                {t('ledger.paidByMethodOn', {
                  amount: taka(p.amountPoisha),
                  method: t(`account.methods.${p.method}`),
                  reference: p.reference,
                  at: formatLongDate(p.recordedAt),
                })}{' '}
                {receipt(p.paymentId, p.reference)}
              </p>
            ))}
            {m.refunds.map((r) => (
              <p key={`${r.transactionId}-${r.refundedAt}`}>
                {t('ledger.refundedOn', { amount: taka(r.amountPoisha), at: formatLongDate(r.refundedAt) })}
              </p>
            ))}
            {m.owedPoisha > 0 && (
              <p>
                {t(m.status === 'overdue' ? 'ledger.overdueSince' : 'ledger.dueBy', {
                  amount: taka(m.owedPoisha),
                  at: formatLongDate(new Date(Date.parse(m.overdueFrom) - 1).toISOString()),
                })}
                {payable && (
                  <>
                    {' '}
                    <Link
                      href={`/payment?${new URLSearchParams({ si: String(si), month: m.month, year: String(m.year) })}`}
                      className="button is-small is-primary"
                      aria-label={t('ledger.payMonth', { month: monthLabel(m) })}
                    >
                      {t('pages.pay')}
                    </Link>
                  </>
                )}
              </p>
            )}
          </td>
          <td>{reminders(m).join('; ') || t('ledger.noReminder')}</td>
        </>
      )}
    />
  );
}
