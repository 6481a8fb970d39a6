import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatTaka } from '../../../lib/format.ts';
import { useDepositIntent } from '../api/create-deposit-intent.ts';
import { useRecordPayment } from '../api/record-payment.ts';
import { CardCheckout } from '../components/card-checkout.tsx';
import './payment.css';

function DepositPayment({ si }: { si: number }) {
  const { t } = useTranslation();
  const intent = useDepositIntent(si);
  const record = useRecordPayment();
  const [paidId, setPaidId] = useState<string | null>(null);
  const onPaid = async (paymentIntentId: string) => {
    setPaidId(paymentIntentId);
    try {
      await record.mutateAsync(paymentIntentId);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  if (intent.isError && !paidId)
    return (
      <div className="notification is-warning is-light" role="alert">
        <p>{errorMessage(intent.error)}</p>
        <p className="mt-2">
          <Link href="/account">{t('deposit.backToAccount')}</Link>
        </p>
      </div>
    );
  return (
    <div className="columns">
      <div className="column is-half">
        <div className="box">
          <dl className="payment-amounts" aria-busy={!intent.data}>
            <dt>{t('deposit.payable')}</dt>
            <dd aria-label={t('deposit.payable')}>
              {intent.data ? formatTaka(intent.data.payable) : t('pages.pricing')}
            </dd>
          </dl>
        </div>
      </div>
      <div className="column is-half">
        {paidId ? (
          <div className="notification is-success" role="status">
            <p className="title is-5">{t('deposit.received')}</p>
            <p>
              {t('pages.transactionId')}: <code className="transaction-id">{paidId}</code>
            </p>
            <p className="mt-2">
              {record.isPending ? (
                t('pages.recording')
              ) : (
                <Link href="/account">{t('deposit.backToAccount')}</Link>
              )}
            </p>
          </div>
        ) : (
          <div className="box">
            <CardCheckout
              clientSecret={intent.data?.ClientSecret}
              repricing={intent.isFetching}
              onPaid={(id) => void onPaid(id)}
            />
          </div>
        )}
      </div>
    </div>
  );
}

/** The member pays what their lease's deposit still owes by card (the server prices it). */
export default function DepositPaymentRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const si = Number(params.get('si'));
  return (
    <DashboardPage id="deposit-payment-title" title={t('deposit.payTitle')}>
      {Number.isInteger(si) && si > 0 ? (
        <DepositPayment si={si} />
      ) : (
        <div className="notification is-warning is-light" role="alert">
          {t('pages.linkIncomplete')} <Link href="/account">{t('deposit.backToAccount')}</Link>
        </div>
      )}
    </DashboardPage>
  );
}
