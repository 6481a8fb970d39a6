import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { messages } from '../../../lib/messages.ts';

export type AgreementAvailability =
  'open' | 'booked' | 'visitor' | 'admin' | 'checking' | 'sending' | 'pending' | 'withdrawing';

interface AgreementButtonProps {
  availability: AgreementAvailability;
  /** The user's last request for it was declined (they may ask again). */
  declined?: boolean;
  onRequest: () => void;
  onWithdraw: () => void;
}

/** Why the button refuses, in the reader's language at the moment of asking. */
const refusalOf = (availability: AgreementAvailability): string | undefined =>
  availability === 'visitor'
    ? messages.loginToRequest
    : availability === 'admin'
      ? messages.adminCannotRequest
      : undefined;

/**
 * The card's Agreement action. Visitors and admins see it disabled, but it stays focusable
 * (aria-disabled, not `disabled`, which would swallow the click) so trying it explains why.
 * A request of the user's own shows as pending, with a way to take it back.
 */
export function AgreementButton({ availability, declined, onRequest, onWithdraw }: AgreementButtonProps) {
  const { t } = useTranslation();
  if (availability === 'booked') {
    return (
      <button type="button" className="button is-fullwidth" disabled>
        {t('apartments.bookedButton')}
      </button>
    );
  }
  if (availability === 'pending' || availability === 'withdrawing') {
    return (
      <div className="agreement-action">
        <p className="agreement-state">
          <span className="tag is-warning">{t('apartments.requested')}</span> {t('apartments.pending')}
        </p>
        <button
          type="button"
          className={`button is-fullwidth is-warning is-light${availability === 'withdrawing' ? ' is-loading' : ''}`}
          onClick={availability === 'withdrawing' ? undefined : onWithdraw}
        >
          {t('apartments.withdraw')}
        </button>
      </div>
    );
  }
  const refusal = refusalOf(availability);
  const busy = availability === 'checking' || availability === 'sending';
  return (
    // The wrapper hears attempts on the disabled button (a click, or Enter on it) and explains.
    <div
      className="agreement-action"
      onClick={refusal ? () => toast.error(refusal, { id: refusal }) : undefined}
    >
      {declined && <p className="agreement-state">{t('apartments.declined')}</p>}
      <button
        type="button"
        className={`button is-primary is-fullwidth${availability === 'sending' ? ' is-loading' : ''}`}
        aria-disabled={refusal || busy ? 'true' : undefined}
        onClick={refusal || busy ? undefined : onRequest}
      >
        {t('apartments.agreement')}
      </button>
    </div>
  );
}
