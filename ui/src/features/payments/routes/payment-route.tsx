import './payment.css';
import { Elements } from '@stripe/react-stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'wouter';
import { z } from 'zod/mini';
import { isRefusal } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatTaka } from '../../../lib/format.ts';
import { paymentIntentQueryOptions, usePaymentIntent, type RentTerms } from '../api/create-payment-intent.ts';
import { couponMatching, usePayableCoupons } from '../api/get-payable-coupons.ts';
import { useRecordPayment } from '../api/record-payment.ts';
import { CardPaymentForm } from '../components/card-payment-form.tsx';
import { loadCardPayments } from '../utils/load-card-payments.ts';

const termsSchema = z.object({
  si: z.coerce.number().check(z.int(), z.positive()),
  month: z.string().check(z.regex(/^[A-Z][a-z]+$/)),
  year: z.coerce.number().check(z.int(), z.gte(2000), z.lte(2999)),
});

function Payment({ terms }: { terms: RentTerms }) {
  const { user } = useAuth();
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState<string | undefined>();
  const [paidId, setPaidId] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const queryClient = useQueryClient();
  const intent = usePaymentIntent({ ...terms, code: applied });
  const coupons = usePayableCoupons();
  const record = useRecordPayment();
  const couponId = useId();
  const [stripe] = useState(() =>
    loadCardPayments().catch((error: unknown) => {
      toast.error(errorMessage(error));
      return null;
    }),
  );
  const match = couponMatching(coupons.data, typed);

  // A refusal to price the month (already paid, no lease, ...) is said in a toast, and stays on the page.
  const failure = intent.error;
  useEffect(() => {
    if (failure) toast.error(failure.message, { id: `intent:${failure.message}` });
  }, [failure]);

  /** The server prices the coupon; only when it agrees does the screen switch to that price. */
  const onApply = async () => {
    if (!match) return;
    setApplying(true);
    try {
      await queryClient.fetchQuery(paymentIntentQueryOptions({ ...terms, code: match.code }));
      setApplied(match.code);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setApplying(false);
    }
  };

  const onPaid = async (paymentIntentId: string) => {
    setPaidId(paymentIntentId);
    toast.success('Payment received successfully!');
    try {
      await record.mutateAsync(paymentIntentId);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const data = intent.data;
  return (
    <div className="columns">
      <div className="column is-half">
        <div className="box">
          <p className="heading">
            Apartment {terms.si} · {terms.month} {terms.year}
          </p>
          <dl className="payment-amounts">
            <dt>Net Rent (৳)</dt>
            <dd aria-label="Net Rent">{data ? formatTaka(data.rent) : '…'}</dd>
            <dt>Payable Amount</dt>
            <dd aria-label="Payable Amount">{data ? formatTaka(data.payable) : '…'}</dd>
          </dl>
          {data && data.discount > 0 && (
            <p className="help is-success">
              Coupon {applied?.toUpperCase()} applied: {data.discount}% off.
            </p>
          )}
          {intent.isError && <IntentRefusal error={intent.error} />}
        </div>
        {!paidId && (
          <div className="box">
            <label className="label" htmlFor={couponId}>
              Coupon code
            </label>
            <div className="field has-addons">
              <div className="control is-expanded">
                <input
                  id={couponId}
                  className="input"
                  value={typed}
                  placeholder="Coupon code"
                  onChange={(e) => setTyped(e.target.value)}
                />
              </div>
              <div className="control">
                <button
                  type="button"
                  className={`button is-info${applying ? ' is-loading' : ''}`}
                  disabled={!match || applying || match.code.toLowerCase() === applied?.toLowerCase()}
                  onClick={() => void onApply()}
                >
                  Apply coupon
                </button>
              </div>
            </div>
          </div>
        )}
      </div>
      <div className="column is-half">
        {paidId ? (
          <div className="notification is-success" role="status">
            <p className="title is-5">Payment received</p>
            <p>
              Transaction ID: <code className="transaction-id">{paidId}</code>
            </p>
            <p className="mt-2">
              {record.isPending ? 'Recording it in your history…' : null}
              {record.isSuccess ? <Link href="/paymentHistory">See your payment history</Link> : null}
            </p>
          </div>
        ) : (
          <div className="box">
            <Elements stripe={stripe}>
              <CardPaymentForm
                clientSecret={intent.isError ? undefined : data?.ClientSecret}
                repricing={applying || intent.isFetching}
                billing={{ email: user?.email ?? '', name: user?.displayName ?? '' }}
                onPaid={(id) => void onPaid(id)}
              />
            </Elements>
          </div>
        )}
      </div>
    </div>
  );
}

/** Why the month cannot be priced, said on the page, with the way on where the refusal's rule has one. */
function IntentRefusal({ error }: { error: Error }) {
  const wayOn = isRefusal(error, 'no-active-lease') ? (
    <Link href="/memberPayment">Choose one of your apartments</Link>
  ) : isRefusal(error, 'rent-already-paid') ? (
    <Link href="/paymentHistory">See your payment history</Link>
  ) : null;
  return (
    <div className="notification is-danger is-light mt-3" role="alert">
      <p>{error.message}</p>
      {wayOn && <p className="mt-2">{wayOn}</p>}
    </div>
  );
}

/** Pays one month's rent of one apartment by card; the server prices it, a coupon may lower it. */
export default function PaymentRoute() {
  const [params] = useSearchParams();
  const terms = termsSchema.safeParse(Object.fromEntries(params));
  return (
    <DashboardPage id="payment-title" title="Payment">
      {terms.success ? (
        <Payment key={params.toString()} terms={terms.data} />
      ) : (
        <div className="notification is-warning is-light" role="alert">
          This payment link is incomplete. <Link href="/memberPayment">Choose the apartment and month</Link>{' '}
          to pay.
        </div>
      )}
    </DashboardPage>
  );
}
