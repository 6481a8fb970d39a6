import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleSignIn } from './google-sign-in.tsx';

interface OtherWaysInProps {
  googleLabel: string;
  onSignedIn: () => void;
  disabled: boolean;
  /** The line under Google's button that links to the other form. */
  children: ReactNode;
}

/** Under the login and sign-up forms: 'or' Google, then a link to the other form. */
export function OtherWaysIn({ googleLabel, onSignedIn, disabled, children }: OtherWaysInProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="has-text-centered my-4 text-muted">{t('auth.or')}</p>
      <GoogleSignIn label={googleLabel} onSignedIn={onSignedIn} disabled={disabled} />
      <p className="has-text-centered mt-5">{children}</p>
    </>
  );
}
