import { i18next } from '../i18n/i18n.ts';
import { errorMessage } from './error-message.ts';

/**
 * Provider error codes said plainly (keys under auth.*). A wrong email and a wrong password read
 * the same, so the sign-in form never tells a stranger which emails have accounts.
 */
const plainMessages: Record<string, string> = {
  'auth/email-already-in-use': 'auth.emailInUse',
  'auth/invalid-credential': 'auth.wrongCredentials',
  'auth/invalid-login-credentials': 'auth.wrongCredentials',
  'auth/wrong-password': 'auth.wrongCredentials',
  'auth/user-not-found': 'auth.wrongCredentials',
  'auth/invalid-email': 'auth.invalidEmail',
  'auth/weak-password': 'auth.weakPassword',
  'auth/too-many-requests': 'auth.tooManyRequests',
  'auth/network-request-failed': 'auth.network',
  'auth/popup-closed-by-user': 'auth.popupClosed',
  'auth/popup-blocked': 'auth.popupBlocked',
  'auth/requires-recent-login': 'auth.recentLogin',
};

/** A provider failure: a message fit to show, and the provider's code to act on. */
export class IdentityError extends Error {
  readonly code: string;
  constructor(code: string, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'IdentityError';
    this.code = code;
  }
}

export const codeOf = (error: unknown): string =>
  typeof error === 'object' && error && 'code' in error ? String(error.code) : '';

/** Runs a provider call, turning its failure into an IdentityError with a plain message. */
export async function readable<T>(action: Promise<T>): Promise<T> {
  try {
    return await action;
  } catch (error) {
    const code = codeOf(error);
    const key = plainMessages[code];
    throw new IdentityError(code, key ? i18next.t(key) : errorMessage(error), error);
  }
}
