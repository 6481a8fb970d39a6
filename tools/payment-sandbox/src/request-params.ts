import type { Middleware } from 'koa';
import { parseFormEncoded, type FormObject } from './form-encoding.ts';
import type { SandboxState } from './sandbox-context.ts';
import { invalidRequest } from './stripe-error.ts';

const maxBodyBytes = 256 * 1024;

/**
 * Puts a request's parameters in `ctx.state.params`: a POST's body (form-encoded like Stripe's, or JSON),
 * a GET's query string (same bracket syntax).
 */
export function requestParams(): Middleware<SandboxState> {
  return async function readParams(ctx, next) {
    if (ctx.method === 'GET' || ctx.method === 'DELETE') {
      ctx.state.params = parseFormEncoded(ctx.querystring);
    } else {
      const text = await readBody(ctx.req);
      ctx.state.params = parseBody(text, ctx.get('Content-Type'));
    }
    await next();
  };
}

async function readBody(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBodyBytes) throw invalidRequest('The request body is too large.', { status: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string, contentType: string): FormObject {
  if (text.trim() === '') return {};
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalidRequest('Invalid JSON in the request body.');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw invalidRequest('The JSON request body must be an object.');
    }
    return parsed as FormObject;
  }
  if (type === '' || type === 'application/x-www-form-urlencoded') return parseFormEncoded(text);
  throw invalidRequest(
    `Unsupported Content-Type ${type}: send application/x-www-form-urlencoded (like Stripe) or application/json.`,
    { status: 415 },
  );
}
