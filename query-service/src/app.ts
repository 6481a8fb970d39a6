import Koa from 'koa';
import cors from '@koa/cors';
import { httpMetrics } from '@building/infra/metrics/http-metrics';
import { traceRequests } from '@building/infra/tracing/trace-requests';
import { requestId } from '@building/infra/http/request-id';
import { problemMiddleware } from '@building/infra/http/problem';
import { problemDocs } from '@building/infra/http/problem-docs';
import { rateLimit } from '@building/infra/rate-limit/rate-limit';
import { conditionalGet } from './http/conditional-get.ts';
import { routeBySegment } from '@building/infra/http/route-by-segment';
import { securityHeaders } from '@building/infra/http/security-headers';
import { refuseUnsafeText } from '@building/infra/http/safe-text';
import { trustProxy } from '@building/infra/http/trust-proxy';
import { eventStreamRoutes } from './live/events-stream.ts';
import type { QueryDeps } from './query-deps.ts';
import { knownPosition, minPosition } from './read-your-writes/min-position.ts';
import { responseCache, type ReadBudget } from './http/response-cache.ts';
import { adminOpsRoutes } from './ops/admin-routes.ts';
import { agreementRoutes } from './routes/agreements.ts';
import { announcementRoutes } from './routes/announcements.ts';
import { apartmentRoutes } from './routes/apartments.ts';
import { chargeRoutes } from './routes/charges.ts';
import { couponRoutes } from './routes/coupons.ts';
import { expenseRoutes } from './routes/expenses.ts';
import { health } from './routes/health.ts';
import { imageRoutes } from './routes/images.ts';
import { journalRoutes } from './routes/journal.ts';
import { maintenanceRoutes } from './routes/maintenance.ts';
import { priceRoutes } from './routes/prices.ts';
import { residentRoutes } from './routes/residents.ts';
import { memberRoutes } from './routes/members.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { paymentRoutes } from './routes/payments.ts';
import { rentLedgerRoutes } from './routes/rent-ledger.ts';
import { accountRoutes } from './routes/account.ts';
import { statementRoutes } from './routes/statements.ts';
import { statisticsRoutes } from './routes/statistics.ts';
import { userRoleRoutes } from './routes/user-roles.ts';

export type { QueryDeps } from './query-deps.ts';

/** The query-service: reads the projector's views with the spec's paths and shapes (docs/architecture.md §6, §8). */
export function createApp(deps: QueryDeps): Koa {
  const app = new Koa();
  trustProxy(app, deps.trustProxyHops);
  const log = deps.log ?? ((line: string) => console.error(`[query-service] ${line}`));
  // A client closing a live-update stream is normal, not an error worth a stack trace.
  app.on('error', (error: { code?: string }) => {
    if (['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE'].includes(error.code ?? '')) return;
    log(`response failed: ${String(error)}`);
  });
  app.use(httpMetrics({ token: deps.metricsToken, log }));
  app.use(traceRequests());
  app.use(requestId({ logger: deps.logger }));
  app.use(
    problemMiddleware({
      log: (error) => log(`500: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    }),
  );
  app.use(health(deps));
  const reads: ReadBudget | undefined = deps.reads && {
    limiter: deps.reads.limiter,
    limit: { points: deps.reads.perMinute, windowSeconds: 60 },
    keyOf: (ctx) => `read-ip:${ctx.ip}`,
  };
  app.use(
    responseCache({
      versionOf: deps.changes.versionOf,
      position: () => knownPosition(deps.changes),
      reads,
      maxBytes: deps.responseCacheBytes,
    }),
  );
  app.use(
    cors({
      origin: (ctx) => (deps.uiOrigins.includes(ctx.get('Origin')) ? ctx.get('Origin') : ''),
      allowMethods: 'GET,HEAD,OPTIONS',
      allowHeaders: ['Authorization', 'X-Min-Position', 'Content-Type'],
      exposeHeaders: ['X-Position'],
      maxAge: 600,
    }),
  );
  app.use(problemDocs());
  // The UI runs on another origin and shows the apartment images: allow cross-origin reads of them.
  app.use(securityHeaders({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  if (reads) app.use(rateLimit(reads.limiter, reads.limit, reads.keyOf));
  app.use(conditionalGet());
  app.use(refuseUnsafeText());
  app.use(minPosition(deps));
  const routers = [
    apartmentRoutes,
    couponRoutes,
    announcementRoutes,
    statisticsRoutes,
    memberRoutes,
    agreementRoutes,
    paymentRoutes,
    rentLedgerRoutes,
    accountRoutes,
    chargeRoutes,
    priceRoutes,
    residentRoutes,
    expenseRoutes,
    journalRoutes,
    statementRoutes,
    notificationRoutes,
    maintenanceRoutes,
    userRoleRoutes,
    imageRoutes,
    eventStreamRoutes,
    adminOpsRoutes,
  ].map((routes) => routes(deps));
  app.use(routeBySegment(routers));
  return app;
}
