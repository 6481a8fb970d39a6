import { adminEmail, startTestService } from '@building/command-service/testing/test-service';
import type { Benchmark } from './benchmark.ts';
import { describeStatuses, httpLoad } from './http-load.ts';

const clients = 8;
const durationMs = 5000;

/**
 * POST /addCoupon as an admin, end to end: HTTP, token, rate limit, the admin's user stream (role),
 * the coupon stream, the decider, the append. Each request adds a new coupon (a fresh code), so
 * none loses a race. The service is the command-service tests' own (createApp on port 0, with
 * roomy rate limits). Targets, measured first (2 cores, load average 7-16 from other work):
 * 46-136 req/s (~90 typical), p95 106-378 ms; set a bit below the typical run.
 */
export const commandPath: Benchmark = {
  name: 'command-path',
  summary: `POST /addCoupon as admin, ${clients} clients for ${durationMs / 1000} s`,
  async run(context) {
    const service = await startTestService();
    try {
      const token = await service.register(adminEmail, 'Bench Admin');
      // A fresh database: every code is new, so every command adds a coupon.
      const addCoupon = (code: string, n: number) => ({
        method: 'POST',
        path: '/addCoupon',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code, discount: 1 + (n % 50), description: 'Bench coupon' }),
      });
      const warmUp = (n: number) => addCoupon(`WARM${n}`, n);
      await httpLoad({ url: service.url, clients, durationMs: 300, request: warmUp });
      context.progress(`${clients} clients for ${durationMs / 1000} s`);
      const load = (n: number) => addCoupon(`BENCH${n}`, n);
      const result = await httpLoad({ url: service.url, clients, durationMs, request: load });
      const failed = result.requests - (result.statuses[200] ?? 0);
      return [
        {
          metric: 'POST /addCoupon req/s',
          value: result.perSecond,
          unit: '/s',
          target: { atLeast: 75 },
          note: `${result.requests} commands, ${clients} clients`,
        },
        { metric: 'POST /addCoupon p95', value: result.latency.p95, unit: 'ms', target: { atMost: 200 } },
        {
          metric: 'POST /addCoupon non-200 answers',
          value: failed,
          unit: '',
          target: { atMost: 0 },
          note: failed > 0 ? describeStatuses(result.statuses) : undefined,
        },
      ];
    } finally {
      await service.close();
    }
  },
};
