import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatTaka } from '../../../lib/format.ts';
import { formatMonthOfYear, type MonthOfYear } from '../../../lib/month-of-year.ts';
import { useCancelCharge } from '../api/charge-commands.ts';
import { useMonthCharges, type MonthCharge } from '../api/get-month-charges.ts';
import { lineWords } from '../line-words.ts';
import { ReasonModal } from './reason-modal.tsx';

/** The month's charges; an unpaid one can be cancelled with a reason (the server refuses a paid one). */
export function MonthCharges({ of }: { of: MonthOfYear }) {
  const { t } = useTranslation();
  const charges = useMonthCharges(of);
  const cancel = useCancelCharge();
  const [cancelling, setCancelling] = useState<MonthCharge | null>(null);
  return (
    <section aria-labelledby="month-charges-title" className="box">
      <h2 className="title is-5" id="month-charges-title">
        {t('charges.listTitle', { month: formatMonthOfYear(of) })}
      </h2>
      <QueryTable
        what={t('charges.what')}
        query={charges}
        empty={t('charges.none')}
        numbered={false}
        columns={[t('charges.apartment'), t('account.description'), t('charges.amount'), t('pages.action')]}
        rowKey={(c) => c.chargeId}
        cells={(c) => (
          <>
            <td>{c.apartment}</td>
            {/* What the admin wrote after the kind stays as written. */}
            <td translate="no">{lineWords(c.description, t)}</td>
            <td>{formatTaka(c.amount)}</td>
            <td>
              {c.cancelled ? (
                <span className="tag is-light">{t('charges.cancelled')}</span>
              ) : (
                <button
                  type="button"
                  className="button is-small is-warning"
                  aria-label={t('charges.cancelFor', {
                    apartment: c.apartment,
                    amount: formatTaka(c.amount),
                  })}
                  onClick={() => setCancelling(c)}
                >
                  {t('charges.cancel')}
                </button>
              )}
            </td>
          </>
        )}
      />
      {cancelling && (
        <ReasonModal
          title={t('charges.cancelTitle', {
            apartment: cancelling.apartment,
            amount: formatTaka(cancelling.amount),
          })}
          action={t('charges.cancel')}
          onClose={() => setCancelling(null)}
          onConfirm={async (reason) => {
            await cancel.mutateAsync({ ...of, chargeId: cancelling.chargeId, si: cancelling.si, reason });
            toast.success(t('charges.cancelledToast'));
          }}
        />
      )}
    </section>
  );
}
