import type { Context, Next } from 'koa';
import { z } from 'zod';
import { badRequest } from './problem.ts';

/**
 * What no text we accept may hold: a NUL byte (Postgres refuses it in text) or a lone UTF-16
 * surrogate (it has no UTF-8 form, so it would be stored as something else than was sent).
 * Returns what is wrong, or null.
 */
export function unsafeTextProblem(value: string): string | null {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return 'contains a NUL character';
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return 'contains a lone surrogate';
    } else if (code >= 0xdc00 && code <= 0xdfff) return 'contains a lone surrogate';
  }
  return null;
}

/** The one text schema every string a client sends is built on. */
export const safeText = z.string().check((ctx) => {
  const problem = unsafeTextProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

/** The first unsafe string inside a parsed JSON value, with its dotted field name. */
export function findUnsafeText(value: unknown, field: string): { field: string; message: string } | null {
  if (typeof value === 'string') {
    const message = unsafeTextProblem(value);
    return message ? { field, message } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const name = field ? `${field}.${key}` : key;
    const found = findUnsafeText(key, name) ?? findUnsafeText(inner, name);
    if (found) return found;
  }
  return null;
}

/** How deep a JSON body may nest: ours nest three levels at most. */
export const maxJsonDepth = 32;

/**
 * Whether `value` nests deeper than `limit` arrays and objects, found without recursion (16 KB of
 * `[[[...` overflowed the stack of a recursive walk) and without going below `limit`.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: next, depth } = pending.pop()!;
    if (next === null || typeof next !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const inner of Object.values(next)) pending.push({ value: inner, depth: depth + 1 });
  }
  return false;
}

/** Throws a 400 when a parsed JSON body nests too deep or holds unsafe text (naming the field). */
export function assertSafeBody(body: unknown): void {
  if (nestsDeeperThan(body, maxJsonDepth))
    throw badRequest(`body: nests deeper than ${maxJsonDepth} levels of arrays and objects`, [
      { field: 'body', message: `nests deeper than ${maxJsonDepth} levels` },
    ]);
  const found = findUnsafeText(body, '');
  if (found) throw unsafe({ ...found, field: found.field || 'body' });
}

/**
 * Refuses, with a 400 naming the field, any request whose path segments or query parameters
 * carry unsafe text: one gate in front of every route, so none is forgotten (bodies pass through
 * assertSafeBody where they are parsed).
 */
export function refuseUnsafeText() {
  return async function unsafeText(ctx: Context, next: Next) {
    const found = unsafePath(ctx.path) ?? findUnsafeText(ctx.query, '');
    if (found) throw unsafe(found);
    await next();
  };
}

const unsafe = (found: { field: string; message: string }) =>
  badRequest(`${found.field}: ${found.message}`, [found]);

function unsafePath(path: string): { field: string; message: string } | null {
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { field: 'path', message: 'is not valid percent-encoded UTF-8' };
    }
    const message = unsafeTextProblem(decoded);
    if (message) return { field: 'path', message };
  }
  return null;
}
