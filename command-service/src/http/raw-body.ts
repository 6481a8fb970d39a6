import type { Context } from 'koa';
import { HttpProblem } from '@building/infra/http/problem';

/**
 * The request body exactly as sent, for signature checks (a parsed and re-serialised body no longer
 * matches its signature). If a JSON parser ran first, its kept raw text is used instead.
 */
export async function rawBody(ctx: Context, limitBytes = 512 * 1024): Promise<Buffer> {
  const kept = (ctx.request as { rawBody?: unknown }).rawBody;
  if (typeof kept === 'string') return Buffer.from(kept, 'utf8');
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limitBytes) throw tooLarge(limitBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw tooLarge(limitBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const tooLarge = (limit: number) =>
  new HttpProblem(413, 'Content Too Large', `the body is larger than ${Math.round(limit / 1024)} kB`);
