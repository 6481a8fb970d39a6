import type { Context, Next } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { badRequest, HttpProblem } from '@building/infra/http/problem';
import { assertSafeBody } from '@building/infra/http/safe-text';

/**
 * JSON bodies only, at most `limit`: a bigger one is refused with 413 before it is read in full,
 * malformed JSON with 400, text with a NUL or a lone surrogate with 400 naming the field. Multipart uploads are left to their own route.
 */
export function jsonBody(limit = '32kb') {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' });
  return async function json(ctx: Context, next: Next) {
    try {
      await parse(ctx, async () => {});
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new HttpProblem(413, 'Content Too Large', `the body is larger than ${limit}`);
      if (status === 415) throw new HttpProblem(415, 'Unsupported Media Type', 'send JSON');
      throw badRequest('the body is not valid JSON');
    }
    assertSafeBody(ctx.request.body);
    await next();
  };
}
