import { translate } from '../../i18n/i18n.ts';

const t = translate;

/** Client-side checks for the sign-in forms (the forms are noValidate: these are the messages). */
export const minPasswordLength = 6;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): string | undefined {
  if (!email.trim()) return t('auth.enterEmail');
  if (!emailPattern.test(email.trim())) return t('auth.validEmail');
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (!password) return t('auth.enterPassword');
  if (password.length < minPasswordLength) return t('auth.passwordLength', { min: minPasswordLength });
  return undefined;
}

export function photoError(file: File | null | undefined): string | undefined {
  if (!file) return t('auth.choosePhoto');
  if (!file.type.startsWith('image/')) return t('auth.photoNotImage');
  return undefined;
}

export function nameError(name: string, required: boolean): string | undefined {
  if (required && !name.trim()) return t('auth.enterName');
  if (name.trim().length > 200) return t('auth.nameTooLong');
  return undefined;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Keeps only the fields that failed; empty when the form is valid. */
export function collectErrors<K extends string>(checks: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(checks).filter(([, message]) => message)) as FieldErrors<K>;
}
