import { refusalOfType, type RefusalCode } from '@building/events/refusals';
import { translate } from '../i18n/i18n.ts';
import { clearAccessToken, getAccessToken } from './access-token.ts';
import { takeEarlyRead } from './early-reads.ts';
import { env } from './env.ts';
import { lastPosition, recordPosition } from './position-store.ts';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * A failed call. Its message is the server's detail (English, naming apartments by serial): screens
 * show failures through errorMessage, which says a known refusal in the reader's words instead.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string | undefined;
  /** The business rule that refused the call (read off the problem `type`), or null. */
  readonly refusal: RefusalCode | null;
  readonly fieldErrors: FieldError[];

  constructor(message: string, status: number, type?: string, fieldErrors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.type = type;
    this.refusal = refusalOfType(type);
    this.fieldErrors = fieldErrors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Whether `error` is the refusal of the call by this business rule. */
export const isRefusal = (error: unknown, code: RefusalCode): error is ApiError =>
  isApiError(error) && error.refusal === code;

type UnauthorizedHandler = () => void | Promise<void>;
let onUnauthorized: UnauthorizedHandler | undefined;

/**
 * The app registers what a 401 means for the session (sign out, go to /login). A 403 is a refusal
 * of one call by a business rule (its problem `type` says which): the session stays, the screen says it.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = undefined;
  };
}

type SessionRenewer = () => Promise<boolean>;
let renewSession: SessionRenewer | undefined;

/**
 * The app registers how to get a fresh API token from the identity provider's session. A 401 then
 * renews once and repeats the call, so an open tab outlives its short-lived token.
 */
export function setSessionRenewer(renewer: SessionRenewer): () => void {
  renewSession = renewer;
  return () => {
    if (renewSession === renewer) renewSession = undefined;
  };
}

export type CommandMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface CallOptions {
  signal?: AbortSignal;
}

/** Sends a write to the command-service; remembers the answered `position` for later reads. */
export async function command(
  method: CommandMethod,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<unknown> {
  const headers: Record<string, string> = {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const result = await call(env.commandUrl, path, { method, headers, body: payload, signal: options.signal });
  if (result && typeof result === 'object' && 'position' in result && typeof result.position === 'number') {
    recordPosition(result.position);
  }
  return result;
}

export interface QueryOptions extends CallOptions {
  /** Wait for the views to reach this position; defaults to the last position a command answered. */
  minPosition?: number;
}

/** Reads from the query-service. */
export async function query(path: string, options: QueryOptions = {}): Promise<unknown> {
  const minPosition = options.minPosition ?? lastPosition();
  const headers: Record<string, string> = {};
  if (minPosition > 0) headers['X-Min-Position'] = String(minPosition);
  // A read the page started early answers only one that waits for no write.
  const early = minPosition > 0 ? undefined : takeEarlyRead(`${env.queryUrl}${path}`);
  return call(env.queryReadUrl, path, { method: 'GET', headers, signal: options.signal, early });
}

interface Call {
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
  /** The same request, already sent by the page (used once, and not after a 401). */
  early?: Promise<Response>;
}

/** Downloads a file from the command-service (e.g. a PDF receipt), with the token like every call. */
export const commandFile = (path: string, options: CallOptions = {}) => file(env.commandUrl, path, options);

/** Downloads a file from the query-service (e.g. a statement as CSV), waiting for the last write as reads do. */
export const queryFile = (path: string, options: CallOptions = {}) => {
  const minPosition = lastPosition();
  return file(env.queryUrl, path, options, minPosition > 0 ? { 'X-Min-Position': String(minPosition) } : {});
};

async function file(
  baseUrl: string,
  path: string,
  options: CallOptions,
  headers: Record<string, string> = {},
): Promise<Blob> {
  const response = await send(baseUrl, path, {
    method: 'GET',
    headers: { Accept: '*/*', ...headers },
    signal: options.signal,
  });
  return response.blob();
}

async function call(baseUrl: string, path: string, init: Call): Promise<unknown> {
  const response = await send(baseUrl, path, init);
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(translate('api.unreadable'), response.status);
  }
}

async function send(baseUrl: string, path: string, init: Call, renewed = false): Promise<Response> {
  const token = getAccessToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (token) headers.Authorization = `Bearer ${token}`;

  const { early, ...request } = init;
  let response: Response;
  try {
    response =
      (await early?.catch(() => undefined)) ?? (await fetch(`${baseUrl}${path}`, { ...request, headers }));
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(translate('api.unreachable'), 0);
  }

  if (
    response.status === 401 &&
    token &&
    !renewed &&
    renewSession &&
    (await renewSession().catch(() => false))
  )
    return send(baseUrl, path, request, true);
  if (response.status === 401) {
    clearAccessToken();
    await onUnauthorized?.();
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function toApiError(response: Response): Promise<ApiError> {
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const fallback = translate('api.failed', { status });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return new ApiError(fallback, response.status);
  }
  const { problemSchema } = await import('./api-shapes.ts');
  const parsed = problemSchema.safeParse(body);
  if (!parsed.success) return new ApiError(fallback, response.status);
  const problem = parsed.data;
  const fieldErrors = problem.errors ?? [];
  const details = fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; ');
  const summary = problem.detail ?? problem.title ?? fallback;
  const message = details && !summary.includes(details) ? `${summary} (${details})` : summary;
  return new ApiError(capitalise(message), problem.status ?? response.status, problem.type, fieldErrors);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
