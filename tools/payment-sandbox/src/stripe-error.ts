/** The body of a Stripe API error: `{ error: StripeErrorBody }`. */
export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  [extra: string]: unknown;
}

/** An error that the sandbox answers exactly as Stripe would: an HTTP status and Stripe's error object. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  /**
   * Whether the request got as far as running: an idempotent replay returns the error only then.
   * Invalid parameters and unknown objects fail before, so the same key may be retried.
   */
  ran = true;

  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.name = 'StripeApiError';
  }
}

function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;
}

export function invalidRequest(
  message: string,
  fields: { code?: string; param?: string; status?: number } = {},
): StripeApiError {
  const { status = 400, code, param } = fields;
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

export function parameterMissing(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function resourceMissing(param: string, label: string, id: string): StripeApiError {
  return beforeRunning(
    invalidRequest(`No such ${label}: '${id}'`, { code: 'resource_missing', param, status: 404 }),
  );
}

/** Marks an error raised before the request ran (see StripeApiError.ran). */
export function beforeRunning(error: StripeApiError): StripeApiError {
  error.ran = false;
  return error;
}

export function unexpectedIntentState(message: string, extra: Record<string, unknown> = {}): StripeApiError {
  const code = 'payment_intent_unexpected_state';
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code,
    doc_url: docUrl(code),
    message,
    ...extra,
  });
}

export function authenticationError(message: string): StripeApiError {
  return new StripeApiError(401, { type: 'invalid_request_error', message });
}

export function idempotencyError(message: string, status = 400): StripeApiError {
  return new StripeApiError(status, { type: 'idempotency_error', message });
}

/** A card error (HTTP 402): a decline or an invalid card detail. */
export function cardError(
  code: string,
  message: string,
  extra: { decline_code?: string; param?: string; [field: string]: unknown } = {},
): StripeApiError {
  return new StripeApiError(402, { type: 'card_error', code, doc_url: docUrl(code), message, ...extra });
}
