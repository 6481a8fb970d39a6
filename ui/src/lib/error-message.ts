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

/**
 * What to tell the user about a failure. Every screen says failures through this one function: a
 * refusal by a known rule in the reader's words; else the error's own message (the server's detail
 * for a problem type this build does not know), else the fallback (or the thrown value).
 */
export function errorMessage(error: unknown, fallback?: string, context: ErrorContext = {}): string {
  if (isApiError(error) && error.refusal) return refusalMessage(error.refusal, context, error);
  return error instanceof Error ? error.message : (fallback ?? String(error));
}
