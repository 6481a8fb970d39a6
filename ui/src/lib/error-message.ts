import type { RefusalCode } from '@building/events/refusals';
import { translate } from '../i18n/i18n.ts';
import { isApiError, type ApiError } from './api-client.ts';

/** What the screen knows about the failed call, to name things as the reader knows them. */
export interface ErrorContext {
  /** The apartment's name (1B01), never its serial: the server's own prose names only the serial. */
  apartment?: string;
  /** The month a payment is for, as the reader reads it ('March 2026'). */
  month?: string;
}

/** A refused call in the reader's language, naming the apartment when the screen knows it. */
export function refusalMessage(code: RefusalCode, context: ErrorContext = {}, error?: ApiError): string {
  const fields = error?.fieldErrors.map((e) => e.field).join(', ');
  // The most telling text the rule has for what is known; i18next says the first that exists.
  const variants = [
    context.apartment && context.month ? '_apartmentMonth' : '',
    context.apartment ? '_apartment' : '',
    fields ? '_fields' : '',
  ].filter(Boolean);
  return translate([...variants.map((v) => `refusals.${code}${v}`), `refusals.${code}`], {
    ...context,
    fields,
  });
}

/** The HTTP layer's own problems (about:blank) whose status says it all, by status. */
const statusTexts: Record<number, string> = {
  401: 'api.signInAgain',
  413: 'api.tooLarge',
  429: 'api.tooManyRequests',
};

/** A problem with no rule, in the reader's language by its status; null to keep its detail. */
function statusMessage(error: ApiError): string | null {
  if (error.type !== undefined && error.type !== 'about:blank') return null; // another API's type
  if (error.status === 503) return translate('api.unavailable');
  if (error.status >= 500) return translate('api.serverFailed');
  const key = statusTexts[error.status];
  return key ? translate(key) : null;
}

/**
 * What to tell the user about a failure. Every screen says failures through this one function: a
 * refusal by a known rule in the reader's words, as is a problem whose status says it all (a 5xx, a
 * 401, 413 or 429); else the error's own message (the server's detail for a problem type this build
 * does not know), else the fallback (or the thrown value).
 */
export function errorMessage(error: unknown, fallback?: string, context: ErrorContext = {}): string {
  if (isApiError(error)) {
    const known = error.refusal ? refusalMessage(error.refusal, context, error) : statusMessage(error);
    if (known) return known;
  }
  return error instanceof Error ? error.message : (fallback ?? String(error));
}
