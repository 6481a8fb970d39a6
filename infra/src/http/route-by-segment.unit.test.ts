import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeBySegment } from './route-by-segment.ts';

describe('routing by the first path segment', () => {
  const asked: string[] = [];
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    // Which routers a request reaches: each router's own route matching, observed.
    const named = (name: string, router: Router) => {
      const match = router.match.bind(router);
      vi.spyOn(router, 'match').mockImplementation((path, method) => {
        asked.push(name);
        return match(path, method);
      });
      return router;
    };
    const routers = [
      named(
        'users',
        new Router().get('/user/admin/:email', (ctx) => (ctx.body = `admin ${ctx.params.email}`)),
      ),
      named(
        'coupons',
        new Router()
          .get('/coupons', (ctx) => (ctx.body = 'coupons'))
          .post('/coupons', (ctx) => (ctx.body = 'added')),
      ),
      named(
        'any',
        new Router().get('/:page/about', (ctx) => (ctx.body = `about ${ctx.params.page}`)),
      ),
    ];
    const app = new Koa().use(routeBySegment(routers));
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const get = async (path: string, method = 'GET') => {
    asked.length = 0;
    const response = await fetch(`${url}${path}`, { method });
    return { status: response.status, body: await response.text(), asked: [...asked] };
  };

  it('asks only the routers with a route under that segment, and those that match anything', async () => {
    expect(await get('/user/admin/a@b.test')).toEqual({
      status: 200,
      body: 'admin a@b.test',
      asked: ['users'],
    });
    expect(await get('/COUPONS')).toEqual({ status: 200, body: 'coupons', asked: ['coupons'] });
    expect(await get('/coupons', 'POST')).toMatchObject({ status: 200, body: 'added' });
    expect(await get('/home/about')).toEqual({ status: 200, body: 'about home', asked: ['any'] });
  });

  it('keeps 404 for unknown paths and 405 for a method a route does not take', async () => {
    expect((await get('/nowhere')).status).toBe(404);
    expect((await get('/user/admin/a@b.test', 'DELETE')).status).toBe(405);
  });
});
