import { useTranslation } from 'react-i18next';
import { useId, useState, type FormEvent } from 'react';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatPaymentTime, formatTaka, formatYear } from '../../../lib/format.ts';
import { formatRecordedMonth } from '../../../lib/recorded-month.ts';
import { useReceiptDownload } from '../../../lib/use-receipt-download.ts';
import { usePayments } from '../api/get-payments.ts';

/** A refund's label says why the money went back; a reason this screen does not know yet is "Refunded". */
const refundLabels = {
  'duplicate-charge': 'pages.refundedDuplicate',
  'provider-refund': 'pages.refundedByProvider',
} as const;
const refundLabel = (reason: string | null) =>
  (reason && refundLabels[reason as keyof typeof refundLabels]) || 'pages.refunded';

/**
 * The member's payments, searchable by month (English or Bangla, begun or whole) and year, each with
 * its PDF receipt; a refund (a second charge for a month already paid, or money the building gave
 * back at the provider) shows as refunded, labelled by its reason, without a receipt.
 */
export default function PaymentHistoryRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [typed, setTyped] = useState('');
  const [month, setMonth] = useState('');
  const payments = usePayments(user?.email ?? '', month);
  const { downloading, onReceipt } = useReceiptDownload();
  const searchId = useId();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setMonth(typed.trim());
  };

  return (
    <DashboardPage id="payment-history-title" title={t('pages.paymentHistory')}>
      <form className="field has-addons" role="search" onSubmit={onSearch}>
        <div className="control">
          <label className="is-sr-only" htmlFor={searchId}>
            {t('pages.month')}
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder={t('pages.searchMonth')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <div className="control">
          <button type="submit" className="button is-info">
            {t('pages.search')}
          </button>
        </div>
      </form>
      <QueryTable
        what={t('pages.paymentsWhat')}
        query={payments}
        empty={month ? t('pages.noPaymentsFor', { month }) : t('pages.noPayments')}
        columns={[
          t('pages.apartment'),
          t('pages.email'),
          t('pages.month'),
          t('pages.rent'),
          t('pages.transactionId'),
          t('pages.paymentTime'),
          t('pages.receipt'),
        ]}
        rowKey={(payment) => payment._id}
        cells={(payment) => (
          <>
            <td>{payment.apartment ?? '—'}</td>
            <td>{payment.email}</td>
            <td>
              {formatRecordedMonth(payment.month)}
              {payment.year ? ` ${formatYear(payment.year)}` : ''}
            </td>
            <td>{formatTaka(payment.price)}</td>
            <td>
              <code>{payment.TransactionId}</code>
            </td>
            <td>{formatPaymentTime(payment.time)}</td>
            <td>
              {payment.status === 'refunded' ? (
                <span className="tag is-warning is-light">{t(refundLabel(payment.refundReason))}</span>
              ) : (
                <button
                  type="button"
                  className={`button is-small${downloading === payment.TransactionId ? ' is-loading' : ''}`}
                  aria-label={t('pages.receiptFor', { id: payment.TransactionId })}
                  onClick={() => void onReceipt(payment.TransactionId)}
                >
                  {t('pages.receipt')}
                </button>
              )}
            </td>
          </>
        )}
      />
    </DashboardPage>
  );
}
