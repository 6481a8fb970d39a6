import type { Context, Next } from 'koa';
import { healthReport, type HealthCheck } from './health.ts';

/** `GET /health`: the service's dependencies, 200 when all answer, 503 with the failing ones named. */
export function healthRoute(
  service: string,
  checks: Record<string, HealthCheck>,
  extra: () => Promise<Record<string, unknown>> = async () => ({}),
) {
  return async function health(ctx: Context, next: Next) {
    if (ctx.path !== '/health' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const [report, more] = await Promise.all([healthReport(service, checks), extra().catch(() => ({}))]);
    ctx.status = report.status === 'ok' ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ...report, ...more };
  };
}
