import { Writable } from 'node:stream';
import Koa from 'koa';
import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@building/events/domain-error';
import { requestId } from '../http/request-id.ts';
import { logCommands } from './log-commands.ts';
import { createLogger } from './logger.ts';

/** A command-service in miniature: each route runs one command through the command log. */
function service() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().trim().split('\n')) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger('command-service', stream);
  const commands = logCommands(logger);
  const meta = (correlationId: string) => ({ now: new Date(), actor: 'system' as const, correlationId });
  const router = new Router()
    .post('/coupons', async (ctx) => {
      ctx.body = await commands.observe('AddCoupon', meta('c-ok'), async () => ({ position: 41 }));
    })
    .post('/refused', async (ctx) => {
      await commands
        .observe('AddCoupon', meta('c-no'), async () => {
          throw new DomainError('coupon-code-taken', 'taken');
        })
        .catch(() => (ctx.status = 409));
    });
  const app = new Koa().use(requestId({ logger })).use(router.routes());
  const run = (command: string) =>
    commands.observe(command, meta('c-outside'), async () => ({ position: 7 }));
  return { app, lines, run };
}

describe('the command log', () => {
  it("says a request's command in the request's one line: route, status, time, command, outcome", async () => {
    const { app, lines } = service();
    const server = app.listen(0);
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      await fetch(`${url}/coupons`, { method: 'POST', headers: { 'X-Request-Id': 'req-00000001' } });
      await fetch(`${url}/refused`, { method: 'POST', headers: { 'X-Request-Id': 'req-00000002' } });
    } finally {
      server.close();
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      msg: 'command',
      requestId: 'req-00000001',
      method: 'POST',
      route: '/coupons',
      status: 200,
      command: 'AddCoupon',
      correlationId: 'c-ok',
      outcome: 'ok',
      position: 41,
    });
    expect(lines[0]!.ms).toBeTypeOf('number');
    expect(lines[1]).toMatchObject({
      msg: 'command refused',
      requestId: 'req-00000002',
      status: 409,
      correlationId: 'c-no',
      outcome: 'coupon-code-taken',
    });
  });

  it('logs a command outside any request (the scheduler) in a line of its own', async () => {
    const { lines, run } = service();
    await run('IssueRentReminder');
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'command', command: 'IssueRentReminder', correlationId: 'c-outside' }),
    ]);
    expect(lines[0]).not.toHaveProperty('requestId');
  });
});
