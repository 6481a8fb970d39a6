import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../testing/server.ts';
import { setAccessToken } from './access-token.ts';
import { problemTypeOf } from '@building/events/refusals';
import { ApiError, command, isRefusal, query, setUnauthorizedHandler } from './api-client.ts';
import { env } from './env.ts';
import { lastPosition } from './position-store.ts';

const seen: Request[] = [];
const capture = (url: string, respond: () => Response) =>
  server.use(
    http.all(url, ({ request }) => {
      seen.push(request.clone());
      return respond();
    }),
  );

describe('api client', () => {
  it('sends the stored token, and JSON bodies to the command-service', async () => {
    seen.length = 0;
    setAccessToken('abc');
    capture(`${env.commandUrl}/addCoupon`, () => HttpResponse.json({ insertedId: 'c9', position: 41 }));
    expect(await command('POST', '/addCoupon', { code: 'EID25' })).toEqual({
      insertedId: 'c9',
      position: 41,
    });
    const [request] = seen;
    expect(request?.headers.get('authorization')).toBe('Bearer abc');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual({ code: 'EID25' });
  });

  it('keeps the highest position a command answered and sends it with later reads', async () => {
    seen.length = 0;
    capture(`${env.commandUrl}/anouncement`, () => HttpResponse.json({ insertedId: 'a1', position: 77 }));
    capture(`${env.queryUrl}/anouncement`, () => HttpResponse.json([]));
    await query('/anouncement');
    expect(seen[0]?.headers.get('x-min-position')).toBeNull();

    await command('POST', '/anouncement', { title: 't', description: 'd' });
    expect(lastPosition()).toBe(77);
    await query('/anouncement');
    expect(seen.at(-1)?.headers.get('x-min-position')).toBe('77');
    await query('/anouncement', { minPosition: 90 });
    expect(seen.at(-1)?.headers.get('x-min-position')).toBe('90');
  });

  it("answers a read the page's HTML already started with that answer, once", async () => {
    seen.length = 0;
    capture(`${env.queryUrl}/apartment?page=0`, () => HttpResponse.json({ from: 'network' }));
    window.__earlyReads = {
      [`${env.queryUrl}/apartment?page=0`]: Promise.resolve(Response.json({ from: 'page' })),
    };
    expect(await query('/apartment?page=0')).toEqual({ from: 'page' });
    expect(seen).toHaveLength(0);
    // Taken: the next read of the same page goes to the network.
    expect(await query('/apartment?page=0')).toEqual({ from: 'network' });
    expect(seen).toHaveLength(1);
    delete window.__earlyReads;
  });

  it('turns a problem+json answer into an ApiError naming the bad fields', async () => {
    capture(`${env.commandUrl}/addCoupon`, () =>
      HttpResponse.json(
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'the coupon is not valid',
          errors: [{ field: 'discount', message: 'must be between 1 and 100' }],
        },
        { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    const error = await command('POST', '/addCoupon', { discount: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'The coupon is not valid (discount: must be between 1 and 100)',
      fieldErrors: [{ field: 'discount', message: 'must be between 1 and 100' }],
    });
  });

  it('explains answers that are not problem documents, and unreachable servers', async () => {
    capture(`${env.queryUrl}/members`, () => new HttpResponse('upstream down', { status: 502 }));
    await expect(query('/members')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed: 502 Bad Gateway',
    });
    capture(`${env.queryUrl}/members`, () => HttpResponse.error());
    await expect(query('/members')).rejects.toMatchObject({ status: 0, message: /Cannot reach the server/ });
  });

  it('on 401 drops the token and lets the app end the session', async () => {
    const onUnauthorized = vi.fn();
    const unregister = setUnauthorizedHandler(onUnauthorized);
    setAccessToken('expired');
    capture(`${env.queryUrl}/members`, () => HttpResponse.json({ status: 401 }, { status: 401 }));
    await expect(query('/members')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('on 403 keeps the session and reads the refused rule off the problem type', async () => {
    const onUnauthorized = vi.fn();
    const unregister = setUnauthorizedHandler(onUnauthorized);
    setAccessToken('good');
    capture(`${env.commandUrl}/create-payment-intent`, () =>
      HttpResponse.json(
        {
          type: problemTypeOf('no-active-lease'),
          title: 'You do not lease this apartment',
          status: 403,
          detail: 'you have no active lease of apartment 9',
        },
        { status: 403, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    const error = await command('POST', '/create-payment-intent', { si: 9 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, refusal: 'no-active-lease' });
    expect(isRefusal(error, 'no-active-lease')).toBe(true);
    expect(isRefusal(error, 'rent-already-paid')).toBe(false);
    expect(localStorage.getItem('access-token')).toBe('good');
    expect(onUnauthorized).not.toHaveBeenCalled();
    unregister();
  });
});
