import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { DomainError, type FieldError } from '@building/events/domain-error';
import { invalidInput } from '@building/events/parse-input';
import { problemTypeOf, refusals, type RefusalKind } from '@building/events/refusals';

/**
 * Errors of the HTTP layer itself (sign-in, body size, rate limits, outside services). Business
 * refusals are DomainErrors from the domain; one middleware (problemMiddleware) turns both into
 * `application/problem+json`; anything else is a 500 logged with its stack, never shown.
 */
export class HttpProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly extra: Record<string, unknown>;
  /** about:blank: the status says it all (RFC 9457 §4.2.1); a refusal's type names its rule. */
  readonly type: string;

  constructor(
    status: number,
    title: string,
    detail: string,
    extra: Record<string, unknown> = {},
    type = 'about:blank',
  ) {
    super(detail);
    this.status = status;
    this.title = title;
    this.extra = extra;
    this.type = type;
  }
}

/** Input the layer itself refuses (an upload, a header): the same `invalid-input` problem as a bad body. */
export const badRequest = (detail: string, fields: FieldError[] = []) =>
  problemOf(new DomainError('invalid-input', detail, { fields }));
export const unauthorized = (detail = 'sign in first') => new HttpProblem(401, 'Unauthorized', detail);
export const notFound = (detail: string) => new HttpProblem(404, 'Not Found', detail);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpProblem(429, 'Too Many Requests', `slow down: try again in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });

export function problemMiddleware(options: { log?: (error: unknown) => void } = {}) {
  return async function problems(ctx: Context, next: Next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw notFound(`no route ${ctx.method} ${ctx.path}`);
    } catch (error) {
      const problem = toProblem(error);
      if (problem.status >= 500) (options.log ?? console.error)(error);
      ctx.status = problem.status;
      ctx.type = 'application/problem+json';
      if (problem.status === 429) ctx.set('Retry-After', String(problem.extra.retryAfterSeconds ?? 1));
      ctx.body = {
        type: problem.type,
        title: problem.title,
        status: problem.status,
        detail: problem.message,
        ...problem.extra,
      };
    }
  };
}

/** The status of each kind of business refusal. */
export const statusOfKind: Record<RefusalKind, number> = {
  invalid: 400,
  'payment-declined': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
};

/** A refusal as problem details: its rule's type URI and title, the status of its kind. */
export function problemOf(error: DomainError): HttpProblem {
  const extra = { ...error.facts, ...(error.fields.length ? { errors: error.fields } : {}) };
  return new HttpProblem(
    statusOfKind[error.kind],
    refusals[error.code].title,
    error.message,
    extra,
    problemTypeOf(error.code),
  );
}

function toProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof DomainError) return problemOf(error);
  if (error instanceof ZodError) return problemOf(invalidInput(error));
  // Koa's own client errors (body too large, malformed JSON) carry an `expose`d 4xx status.
  const http = error as { status?: number; expose?: boolean; message?: string };
  if (typeof http.status === 'number' && http.status >= 400 && http.status < 500) {
    return new HttpProblem(http.status, 'Bad Request', http.expose ? String(http.message) : 'bad request');
  }
  return new HttpProblem(500, 'Internal Server Error', 'something went wrong on our side');
}
