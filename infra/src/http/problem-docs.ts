import type { Context, Next } from 'koa';
import { isRefusalCode, problemTypeOf, refusals } from '@building/events/refusals';
import { statusOfKind } from './problem.ts';

/** `GET /problems/<code>`: what a problem `type` URI names, for people and clients that follow it. */
export function problemDocs() {
  return async function docs(ctx: Context, next: Next) {
    const match = /^\/problems\/([a-z-]+)$/.exec(ctx.path);
    if (ctx.method !== 'GET' || !match || !isRefusalCode(match[1]!)) return next();
    const code = match[1];
    const rule = refusals[code];
    ctx.body = { type: problemTypeOf(code), code, title: rule.title, status: statusOfKind[rule.kind] };
  };
}
