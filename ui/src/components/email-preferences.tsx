import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { emailKinds, type EmailKind } from '@building/events/catalogue';
import { useEmailPreferences, useSetEmailPreferences } from '../lib/email-preferences.ts';
import { errorMessage } from '../lib/error-message.ts';

const labelKey = {
  'agreement-decision': 'notifications.emails.agreementDecision',
  'rent-reminder': 'notifications.emails.rentReminder',
  'payment-receipt': 'notifications.emails.paymentReceipt',
  'maintenance-status': 'notifications.emails.maintenanceStatus',
} as const satisfies Record<EmailKind, string>;

/** One switch per kind of email the building sends; each turns that kind on or off. */
export function EmailPreferences({ email }: { email: string }) {
  const { t } = useTranslation();
  const preferences = useEmailPreferences(email);
  const save = useSetEmailPreferences();
  const off = preferences.data?.off ?? [];

  const toggle = (kind: EmailKind, on: boolean) => {
    const next = on ? off.filter((k) => k !== kind) : [...off, kind];
    save.mutate(
      { email, off: emailKinds.filter((k) => next.includes(k)) },
      {
        onSuccess: () => toast.success(t('notifications.emails.saved')),
        onError: (error) => toast.error(`${t('notifications.emails.couldNotSave')}: ${errorMessage(error)}`),
      },
    );
  };

  return (
    <section className="box email-preferences" aria-labelledby="email-preferences-title">
      <h2 id="email-preferences-title" className="title is-5">
        {t('notifications.emails.title')}
      </h2>
      <p className="mb-3">{t('notifications.emails.intro')}</p>
      {preferences.isError ? (
        <p className="has-text-danger">{errorMessage(preferences.error)}</p>
      ) : (
        <ul>
          {emailKinds.map((kind) => (
            <li key={kind} className="mb-2">
              <label className="email-switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={!off.includes(kind)}
                  disabled={preferences.isPending}
                  onChange={(event) => toggle(kind, event.target.checked)}
                />
                <span>{t(labelKey[kind])}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
