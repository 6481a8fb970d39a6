/** Client-side checks for the sign-in forms (the forms are noValidate: these are the messages). */
export const minPasswordLength = 6;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Enter your email address.';
  if (!emailPattern.test(email.trim())) return 'Enter a valid email address, like name@example.com.';
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (!password) return 'Enter your password.';
  if (password.length < minPasswordLength)
    return `The password must have at least ${minPasswordLength} characters.`;
  return undefined;
}

export function photoError(file: File | null | undefined): string | undefined {
  if (!file) return 'Choose a profile photo.';
  if (!file.type.startsWith('image/')) return 'The profile photo must be an image file.';
  return undefined;
}

export function nameError(name: string, required: boolean): string | undefined {
  if (required && !name.trim()) return 'Enter your name.';
  if (name.trim().length > 200) return 'The name may have at most 200 characters.';
  return undefined;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Keeps only the fields that failed; empty when the form is valid. */
export function collectErrors<K extends string>(checks: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(checks).filter(([, message]) => message)) as FieldErrors<K>;
}
