import toast from 'react-hot-toast';
import { messages } from '../../../lib/messages.ts';

export type AgreementAvailability = 'open' | 'booked' | 'visitor' | 'admin' | 'checking' | 'sending';

interface AgreementButtonProps {
  availability: AgreementAvailability;
  onRequest: () => void;
}

const refusals: Partial<Record<AgreementAvailability, string>> = {
  visitor: messages.loginToRequest,
  admin: messages.adminCannotRequest,
};

/**
 * The card's Agreement action. Visitors and admins see it disabled, but it stays focusable
 * (aria-disabled, not `disabled`, which would swallow the click) so trying it explains why.
 */
export function AgreementButton({ availability, onRequest }: AgreementButtonProps) {
  if (availability === 'booked') {
    return (
      <button type="button" className="button is-fullwidth" disabled>
        Booked
      </button>
    );
  }
  const refusal = refusals[availability];
  const busy = availability === 'checking' || availability === 'sending';
  return (
    // The wrapper hears attempts on the disabled button (a click, or Enter on it) and explains.
    <div
      className="agreement-action"
      onClick={refusal ? () => toast.error(refusal, { id: refusal }) : undefined}
    >
      <button
        type="button"
        className={`button is-primary is-fullwidth${availability === 'sending' ? ' is-loading' : ''}`}
        aria-disabled={refusal || busy ? 'true' : undefined}
        onClick={refusal || busy ? undefined : onRequest}
      >
        Agreement
      </button>
    </div>
  );
}
