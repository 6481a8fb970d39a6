import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { DataTable } from '../../../components/data-table.tsx';
import { formatShortDate, formatTaka } from '../../../lib/format.ts';
import type { MonthOfYear } from '../../../lib/month-of-year.ts';
import { useReceiptDownload } from '../../../lib/use-receipt-download.ts';
import { useReversePayment } from '../api/desk-commands.ts';
import type { MonthPayment } from '../month-owing.ts';
import './account.css';
import { ReasonModal } from './reason-modal.tsx';

/** The month's payments with their receipts; a desk payment recorded in error is reversed with a reason. */
export function MonthPayments({
  si,
  of,
  payments,
}: {
  si: number;
  of: MonthOfYear;
  payments: readonly MonthPayment[];
}) {
  const { t } = useTranslation();
  const reverse = useReversePayment();
  const { downloading, onReceipt } = useReceiptDownload();
  const [reversing, setReversing] = useState<MonthPayment | null>(null);
  const said = (p: MonthPayment) => `${t(`account.methods.${p.method as 'cash'}`)} · ${p.reference}`;
  return (
    <section aria-labelledby="month-payments-title" className="box">
      <h2 className="title is-5" id="month-payments-title">
        {t('desk.paymentsTitle')}
      </h2>
      <DataTable
        rows={payments}
        numbered={false}
        empty={t('desk.noPayments')}
        columns={[t('account.date'), t('desk.method'), t('desk.amount'), t('pages.action')]}
        rowKey={(p) => p.id}
        cells={(p) => (
          <>
            <td>{formatShortDate(p.date)}</td>
            <td>
              {t(`account.methods.${p.method as 'cash'}`)}
              <span className="is-block resident-line" translate="no">
                {p.reference}
              </span>
            </td>
            <td>{p.reversed ? <s>{formatTaka(p.amount)}</s> : formatTaka(p.amount)}</td>
            <td>
              <div className="buttons">
                <button
                  type="button"
                  className={`button is-small${downloading === p.id ? ' is-loading' : ''}`}
                  aria-label={t('desk.receiptFor', { payment: said(p) })}
                  onClick={() => void onReceipt(p.id)}
                >
                  {t('desk.receipt')}
                </button>
                {p.reversed ? (
                  <span className="tag is-light">{t('desk.reversed')}</span>
                ) : (
                  !p.byCard && (
                    <button
                      type="button"
                      className="button is-small is-warning"
                      aria-label={t('desk.reverseFor', { payment: said(p) })}
                      onClick={() => setReversing(p)}
                    >
                      {t('desk.reverse')}
                    </button>
                  )
                )}
              </div>
            </td>
          </>
        )}
      />
      {reversing && (
        <ReasonModal
          title={t('desk.reverseTitle', { payment: said(reversing), amount: formatTaka(reversing.amount) })}
          action={t('desk.reverse')}
          onClose={() => setReversing(null)}
          onConfirm={async (reason) => {
            await reverse.mutateAsync({ ...of, paymentId: reversing.id, si, reason });
            toast.success(t('desk.reversedToast'));
          }}
        />
      )}
    </section>
  );
}
