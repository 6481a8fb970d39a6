import type { DefaultBodyType, StrictRequest } from 'msw';
import { backend } from './backend.ts';
import { readMultipart } from './multipart.ts';

/** Notes the call in `backend.calls` (JSON, form or multipart body read) and returns its body. */
export async function recordCall(request: StrictRequest<DefaultBodyType>) {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  let body: unknown;
  if (type.includes('application/json')) body = await request.clone().json();
  else if (type.includes('x-www-form-urlencoded'))
    body = Object.fromEntries(new URLSearchParams(await request.clone().text()));
  else if (type.includes('multipart/form-data')) body = await readMultipart(request);
  backend.calls.push({
    method: request.method,
    path: url.pathname,
    body,
    headers: Object.fromEntries(request.headers.entries()),
  });
  return body;
}

/** The email our fake /jwt put in the bearer token, if any. */
export const bearerEmail = (request: Request) =>
  /^Bearer token:(.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
