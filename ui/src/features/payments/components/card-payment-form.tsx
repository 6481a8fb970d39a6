import { useTranslation } from 'react-i18next';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';

interface CardPaymentFormProps {
  /** The intent's client secret; Pay waits for it. */
  clientSecret: string | undefined;
  billing: { email: string; name: string };
  /** The amount is being re-priced (a coupon): hold Pay until the new secret arrives. */
  repricing: boolean;
  onPaid: (paymentIntentId: string) => void;
}

/**
 * The card field and Pay: creates the payment method, then confirms the intent with it. A card
 * refused or a payment that failed is said under Pay until the card is changed or Pay pressed again
 * (a toast alone was gone before a member had read it).
 */
export function CardPaymentForm({ clientSecret, billing, repricing, onPaid }: CardPaymentFormProps) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const failed = (message: string | undefined, fallback: string) => setProblem(message || fallback);
  const ready = Boolean(stripe && elements && clientSecret && complete) && !repricing;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || !ready) return;
    setPaying(true);
    setProblem(null);
    try {
      const method = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { email: billing.email, name: billing.name || 'anonymous' },
      });
      if (method.error) return failed(method.error.message, t('pages.cardRefused'));
      const confirmed = await stripe.confirmCardPayment(clientSecret, {
        payment_method: method.paymentMethod.id,
      });
      if (confirmed.error) return failed(confirmed.error.message, t('pages.paymentFailed'));
      if (confirmed.paymentIntent.status !== 'succeeded') {
        return failed(
          undefined,
          t('pages.paymentStatus', { status: confirmed.paymentIntent.status.replaceAll('_', ' ') }),
        );
      }
      onPaid(confirmed.paymentIntent.id);
    } catch (error) {
      failed(error instanceof Error ? error.message : undefined, t('pages.paymentNotSent'));
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label={t('pages.cardPayment')}>
      <div className="field">
        <span className="label">{t('pages.card')}</span>
        <div className="card-element input">
          <CardElement
            options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
            onChange={(change) => {
              setComplete(change.complete);
              setProblem(change.error ? change.error.message : null);
            }}
          />
        </div>
      </div>
      <button
        type="submit"
        className={`button is-primary${paying ? ' is-loading' : ''}`}
        disabled={!ready || paying}
      >
        {t('pages.pay')}
      </button>
      {problem && (
        <div className="notification is-danger is-light mt-3 payment-problem" role="alert">
          {problem}
        </div>
      )}
    </form>
  );
}
