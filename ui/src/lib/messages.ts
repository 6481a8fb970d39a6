import { translate } from '../i18n/i18n.ts';

const t = translate;

/** User-facing texts more than one screen (or a test) relies on, in the reader's language. */
export const messages = {
  get loginToRequest() {
    return t('apartments.loginToRequest');
  },
  get adminCannotRequest() {
    return t('apartments.adminCannotRequest');
  },
  get registered() {
    return t('auth.registered');
  },
  get signUpUndone() {
    return t('auth.signUpUndone');
  },
  get loggedIn() {
    return t('auth.loggedIn');
  },
  get registeredWithGoogle() {
    return t('auth.registeredWithGoogle');
  },
  /** The same words whether or not the email has an account. */
  resetLinkSent: (email: string) => t('auth.resetLinkSent', { email }),
  /** A listed admin address that is not verified yet gets its rights after the link. */
  verifyToBecomeAdmin: (email: string) => t('auth.verifyToBecomeAdmin', { email }),
};
