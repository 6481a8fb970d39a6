import type { Context, Next } from 'koa';
import { ZodError } from 'zod';

/**
 * Errors that carry their HTTP meaning. One middleware (problemMiddleware) turns them into
 * `application/problem+json`; anything else is a 500 logged with its stack, never shown.
 */
export class HttpProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, title: string, detail: string, extra: Record<string, unknown> = {}) {
    super(detail);
    this.status = status;
    this.title = title;
    this.extra = extra;
  }
}

export interface FieldError {
  field: string;
  message: string;
}

export const badRequest = (detail: string, errors: FieldError[] = []) =>
  new HttpProblem(400, 'Bad Request', detail, errors.length ? { errors } : {});
export const unauthorized = (detail = 'sign in first') => new HttpProblem(401, 'Unauthorized', detail);
export const forbidden = (detail = 'you may not do this') => new HttpProblem(403, 'Forbidden', detail);
export const notFound = (detail: string) => new HttpProblem(404, 'Not Found', detail);
export const conflict = (detail: string) => new HttpProblem(409, 'Conflict', detail);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpProblem(429, 'Too Many Requests', `slow down: try again in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });

/** A zod failure on client input: 400 naming each bad field. */
export function fromZod(error: ZodError, where = 'body'): HttpProblem {
  const errors = error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : where,
    message: issue.message,
  }));
  return badRequest(`invalid ${where}: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, errors);
}

/** Validates client input against a schema, or throws a 400 naming the bad fields. */
export function parseInput<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  value: unknown,
  where = 'body',
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZod(result.error, where);
  return result.data;
}

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
        type: 'about:blank',
        title: problem.title,
        status: problem.status,
        detail: problem.message,
        ...problem.extra,
      };
    }
  };
}

function toProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof ZodError) return fromZod(error);
  // Koa's own client errors (body too large, malformed JSON) carry an `expose`d 4xx status.
  const http = error as { status?: number; expose?: boolean; message?: string };
  if (typeof http.status === 'number' && http.status >= 400 && http.status < 500) {
    return new HttpProblem(http.status, 'Bad Request', http.expose ? String(http.message) : 'bad request');
  }
  return new HttpProblem(500, 'Internal Server Error', 'something went wrong on our side');
}
