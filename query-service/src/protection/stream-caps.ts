import type { Context, Next } from 'koa';
import { HttpProblem } from '@building/infra/http/problem';
import { rateLimitedTotal } from '@building/infra/metrics/metrics';

/** Live-update streams one query-service instance holds open at once. */
export interface StreamCaps {
  perAddress: number;
  inTotal: number;
}

export const defaultStreamCaps: StreamCaps = { perAddress: 20, inTotal: 2000 };

/**
 * Caps the open SSE streams per client address and in total on this instance (each instance holds
 * its own): beyond either, 429 with Retry-After. A slot is given back when the client goes away,
 * so other reads go on while the cap is hit (the per-address read budget is the rate limit's).
 * It is the stream route's own middleware, so it counts every path the router matches to it
 * (`/EVENTS/stream`, `/events/stream/`): a cap on the path text missed those.
 */
export function streamCaps(caps: StreamCaps) {
  const streams = new Map<string, number>();
  let openStreams = 0;

  return async function capStreams(ctx: Context, next: Next) {
    const address = ctx.ip;
    const held = streams.get(address) ?? 0;
    if (held >= caps.perAddress)
      throw streamsRefused(`at most ${caps.perAddress} live-update streams per address`);
    if (openStreams >= caps.inTotal)
      throw streamsRefused('the live-update streams are all taken: try again shortly');
    streams.set(address, held + 1);
    openStreams += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      openStreams -= 1;
      const left = (streams.get(address) ?? 1) - 1;
      if (left > 0) streams.set(address, left);
      else streams.delete(address);
    };
    ctx.req.once('close', release);
    try {
      await next();
    } catch (error) {
      release();
      throw error;
    }
  };
}

const streamsRefused = (detail: string) => {
  rateLimitedTotal.inc({ class: 'stream' });
  return new HttpProblem(429, 'Too Many Requests', detail, { retryAfterSeconds: 5 });
};
