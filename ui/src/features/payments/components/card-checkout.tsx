import { Elements } from '@stripe/react-stripe-js';
import type { StripeElementLocale } from '@stripe/stripe-js';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { loadCardPayments } from '../utils/load-card-payments.ts';
import { CardPaymentForm } from './card-payment-form.tsx';

interface CardCheckoutProps {
  clientSecret: string | undefined;
  repricing: boolean;
  onPaid: (paymentIntentId: string) => void;
}

/**
 * The card field in the reader's language (a new field when it changes), billed to the signed-in
 * person. Stripe has no Bangla and falls back to English; the payment sandbox's stand-in draws it.
 */
export function CardCheckout({ clientSecret, repricing, onPaid }: CardCheckoutProps) {
  const { i18n } = useTranslation();
  const { user } = useAuth();
  const [stripe] = useState(() =>
    loadCardPayments().catch((error: unknown) => {
      toast.error(errorMessage(error));
      return null;
    }),
  );
  return (
    <Elements
      key={i18n.resolvedLanguage}
      stripe={stripe}
      options={{ locale: (i18n.resolvedLanguage ?? 'auto') as StripeElementLocale }}
    >
      <CardPaymentForm
        clientSecret={clientSecret}
        repricing={repricing}
        billing={{ email: user?.email ?? '', name: user?.displayName ?? '' }}
        onPaid={onPaid}
      />
    </Elements>
  );
}
