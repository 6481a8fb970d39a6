import { useTranslation } from 'react-i18next';
import { monthNames } from '@building/events/catalogue';
import './payment.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useSearchParams } from 'wouter';
import { z } from 'zod/mini';
import { isRefusal } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useMemberApartments, type MemberApartment } from '../../../lib/member-apartments.ts';
import { formatMonthName, formatNumber, formatTaka, formatYear } from '../../../lib/format.ts';
import { translate } from '../../../i18n/i18n.ts';
import { paymentIntentQueryOptions, usePaymentIntent, type RentTerms } from '../api/create-payment-intent.ts';
import { couponMatching, usePayableCoupons } from '../api/get-payable-coupons.ts';
import { useRecordPayment } from '../api/record-payment.ts';
import { CardCheckout } from '../components/card-checkout.tsx';

/** The month's place in the year (0 for January), from its English name. */
const monthIndex = (month: string) => Math.max(0, monthNames.indexOf(month as (typeof monthNames)[number]));

const termsSchema = z.object({
  si: z.coerce.number().check(z.int(), z.positive()),
  month: z.string().check(z.regex(/^[A-Z][a-z]+$/)),
  year: z.coerce.number().check(z.int(), z.gte(2000), z.lte(2999)),
});

function Payment({ terms, lease }: { terms: RentTerms; lease: MemberApartment }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState<string | undefined>();
  const [paidId, setPaidId] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  /** Why the typed code did not apply, said under the field until the code changes. */
  const [couponProblem, setCouponProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const intent = usePaymentIntent({ ...terms, code: applied });
  const coupons = usePayableCoupons();
  const record = useRecordPayment();
  const couponId = useId();
  const match = couponMatching(coupons.data, typed);
  const monthName = formatMonthName(Date.UTC(2000, monthIndex(terms.month), 1));
  // What a refusal names: the apartment by its name, the month as the reader reads it.
  const about = { apartment: String(lease.apartment), month: `${monthName} ${formatYear(terms.year)}` };

  /**
   * The server prices the coupon; only when it agrees does the screen switch to that price. A code
   * the list does not hold is asked about too: the server says whether it is unknown, or why it
   * no longer applies (past its last day, used up).
   */
  const onApply = async () => {
    const code = match?.code ?? typed.trim();
    setApplying(true);
    try {
      await queryClient.fetchQuery(paymentIntentQueryOptions({ ...terms, code }));
      setApplied(code);
      setCouponProblem(null);
    } catch (error) {
      setCouponProblem(
        isRefusal(error, 'unknown-coupon-code')
          ? t('pages.noSuchCoupon', { code: code.toUpperCase() })
          : errorMessage(error, undefined, about),
      );
    } finally {
      setApplying(false);
    }
  };

  const onPaid = async (paymentIntentId: string) => {
    setPaidId(paymentIntentId);
    toast.success(t('pages.paymentReceived'));
    try {
      await record.mutateAsync(paymentIntentId);
    } catch (error) {
      // A refunded second charge is said where the receipt would be, not in a passing toast.
      if (!isRefusal(error, 'second-charge-refunded')) toast.error(errorMessage(error, undefined, about));
    }
  };
  const refunded = isRefusal(record.error, 'second-charge-refunded');

  const data = intent.data;
  const heading = (
    <p className="heading">
      {t('pages.paymentHeading', {
        apartment: String(lease.apartment),
        block: String(lease.block),
        month: monthName,
        year: formatYear(terms.year),
      })}
    </p>
  );
  // A month the server will not price (already paid, ...) is said once, with where to go instead.
  if (intent.isError && !paidId) {
    return (
      <div className="box">
        {heading}
        <div className="notification is-warning is-light" role="alert">
          <p>{errorMessage(intent.error, undefined, about)}</p>
          <p className="mt-2">
            <Link href="/memberPayment">{t('pages.chooseAnother')}</Link> {t('pages.or')}{' '}
            <Link href="/paymentHistory">{t('pages.seeHistoryLower')}</Link>.
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="columns">
      <div className="column is-half">
        <div className="box">
          {heading}
          <dl className="payment-amounts" aria-busy={!data}>
            <dt>{t('pages.netRent')}</dt>
            <dd aria-label={t('pages.netRentLabel')}>{data ? formatTaka(data.rent) : t('pages.pricing')}</dd>
            <dt>{t('pages.payable')}</dt>
            <dd aria-label={t('pages.payable')}>{data ? formatTaka(data.payable) : t('pages.pricing')}</dd>
          </dl>
          {data && data.discount > 0 && (
            <p className="help is-success">
              {t('pages.couponApplied', {
                code: applied?.toUpperCase(),
                discount: formatNumber(data.discount),
              })}
            </p>
          )}
        </div>
        {!paidId && (
          <div className="box">
            <label className="label" htmlFor={couponId}>
              {t('pages.couponCodeField')}
            </label>
            <div className="field has-addons">
              <div className="control is-expanded">
                <input
                  id={couponId}
                  className="input"
                  value={typed}
                  placeholder={t('pages.couponCodeField')}
                  aria-invalid={couponProblem ? true : undefined}
                  aria-describedby={couponProblem ? `${couponId}-problem` : undefined}
                  onChange={(e) => {
                    setTyped(e.target.value);
                    setCouponProblem(null);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && typed.trim()) void onApply();
                  }}
                />
              </div>
              <div className="control">
                <button
                  type="button"
                  className={`button is-info${applying ? ' is-loading' : ''}`}
                  disabled={
                    !typed.trim() ||
                    applying ||
                    (match !== undefined && match.code.toLowerCase() === applied?.toLowerCase())
                  }
                  onClick={() => void onApply()}
                >
                  {t('pages.apply')}
                </button>
              </div>
            </div>
            {couponProblem && (
              <p className="help is-danger" id={`${couponId}-problem`} role="alert">
                {couponProblem}
              </p>
            )}
          </div>
        )}
      </div>
      <div className="column is-half">
        {paidId && refunded ? (
          <div className="notification is-warning" role="alert">
            <p className="title is-5">{t('pages.secondChargeRefunded')}</p>
            <p>{errorMessage(record.error, undefined, about)}</p>
            <p className="mt-2">
              <Link href="/paymentHistory">{t('pages.seeHistory')}</Link>
            </p>
          </div>
        ) : paidId ? (
          <div className="notification is-success" role="status">
            <p className="title is-5">{t('pages.received')}</p>
            <p>
              {t('pages.transactionId')}: <code className="transaction-id">{paidId}</code>
            </p>
            <p className="mt-2">
              {record.isPending ? t('pages.recording') : null}
              {record.isSuccess ? <Link href="/paymentHistory">{t('pages.seeHistory')}</Link> : null}
            </p>
          </div>
        ) : (
          <div className="box">
            <CardCheckout
              clientSecret={data?.ClientSecret}
              repricing={applying || intent.isFetching}
              onPaid={(id) => void onPaid(id)}
            />
          </div>
        )}
      </div>
    </div>
  );
}

/** Sends a member who followed a link to someone else's apartment to their own, saying why. */
function NotYourApartment() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const reason = translate('pages.notYourApartment');
    toast.error(reason, { id: reason });
    navigate('/memberPayment', { replace: true });
  }, [navigate]);
  return null;
}

/** The payment for a lease of the member's own, once their leases are known. */
function LeasedPayment({ terms, params }: { terms: RentTerms; params: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const leases = useMemberApartments(user?.email ?? '');
  const lease = leases.data?.find((candidate) => candidate.si === terms.si);
  return (
    <QueryStatus what={t('pages.leasesWhat')} query={leases}>
      {lease ? <Payment key={params} terms={terms} lease={lease} /> : <NotYourApartment />}
    </QueryStatus>
  );
}

/** Pays one month's rent of one apartment by card; the server prices it, a coupon may lower it. */
export default function PaymentRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const terms = termsSchema.safeParse(Object.fromEntries(params));
  return (
    <DashboardPage id="payment-title" title={t('pages.payment')}>
      {terms.success ? (
        <LeasedPayment terms={terms.data} params={params.toString()} />
      ) : (
        <div className="notification is-warning is-light" role="alert">
          {t('pages.linkIncomplete')} <Link href="/memberPayment">{t('pages.chooseApartmentMonth')}</Link>{' '}
          {t('pages.toPay')}
        </div>
      )}
    </DashboardPage>
  );
}
