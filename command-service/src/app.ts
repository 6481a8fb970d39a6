import { randomUUID } from 'node:crypto';
import { createCommandContext } from '@building/domain/command-handling/command-context';
import Koa, { type Context } from 'koa';
import { healthRoute } from '@building/infra/metrics/health-route';
import { observeCommands } from '@building/infra/observe-commands';
import { httpMetrics } from '@building/infra/metrics/http-metrics';
import { traceRequests } from '@building/infra/tracing/trace-requests';
import { requestId } from '@building/infra/http/request-id';
import { problemMiddleware } from '@building/infra/http/problem';
import { problemDocs } from '@building/infra/http/problem-docs';
import { refuseUnsafeText } from '@building/infra/http/safe-text';
import { routeBySegment } from '@building/infra/http/route-by-segment';
import { trustProxy } from '@building/infra/http/trust-proxy';
import { accountRoutes } from './account/api.ts';
import { agreementRoutes } from './agreement/api.ts';
import { announcementRoutes } from './announcement/api.ts';
import { apartmentRoutes } from './apartment/api.ts';
import { authRoutes } from './auth/api.ts';
import type { AppDeps, CommandDeps } from './command-deps.ts';
import { couponRoutes } from './coupon/api.ts';
import { depositRoutes } from './deposits/api.ts';
import { expenseRoutes } from './expense/api.ts';
import { accessClaims } from './http/current-caller.ts';
import { jsonBody } from './http/json-body.ts';
import { countRefusals } from './http/refusal-metrics.ts';
import { corsForUi, securityHeaders } from './http/security.ts';
import { imageRoutes } from './images/api.ts';
import { maintenanceRoutes } from './maintenance/api.ts';
import { paymentRoutes } from './payments/api.ts';
import { rateLimit } from '@building/infra/rate-limit/rate-limit';
import { defaultRateLimits } from './protection/rate-limiter.ts';
import { userRoutes } from './user/api.ts';
import { notificationRoutes } from './user/notification-routes.ts';

/** The command side: authentication, then commands -> deciders -> event store, behind one protection. */
export function createApp(commandDeps: CommandDeps): Koa {
  const newId = commandDeps.newId ?? randomUUID;
  const deps: AppDeps = {
    clock: () => new Date(),
    newId,
    ...commandDeps,
    rateLimits: { ...defaultRateLimits, ...commandDeps.rateLimits },
    commands: createCommandContext({
      store: commandDeps.store,
      newId,
      observer: observeCommands({ logger: commandDeps.logger }),
    }),
  };
  const app = new Koa();
  trustProxy(app, deps.trustProxyHops);
  app.use(httpMetrics({ token: deps.metricsToken }));
  app.use(countRefusals());
  app.use(traceRequests());
  app.use(requestId({ logger: deps.logger }));
  app.use((ctx, next) => deps.commands.scope.run(next));
  app.use(problemMiddleware({ log: deps.log }));
  app.use(healthRoute('command-service', deps.health ?? {}));
  app.use(securityHeaders());
  app.use(corsForUi(deps.uiOrigins));
  app.use(problemDocs());
  app.use(refuseUnsafeText());
  const limitWrites = rateLimit(deps.rateLimiter, deps.rateLimits.writes, (ctx) => writerKey(ctx, deps));
  const limitSignIn = rateLimit(deps.rateLimiter, deps.rateLimits.signIn, (ctx) => `jwt:${ctx.ip}`);
  app.use(async (ctx, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(ctx.method)) return next();
    // Counted before the body is parsed, so a body refused (malformed, too deep) spends budget
    // too; by the route the router will match, which ignores case and a trailing slash.
    const route = ctx.path.toLowerCase().replace(/\/+$/, '');
    if (route === '/jwt') return limitSignIn(ctx, next);
    return route === '/images' ? next() : limitWrites(ctx, next); // uploads have their own budget
  });
  // Before the JSON parser: the Stripe webhook verifies its signature over the raw body.
  // Each request goes only to the routers with a route under its first path segment.
  app.use(routeBySegment([paymentRoutes(deps)], { allowedMethods: false }));
  app.use(jsonBody());
  const routers = [
    authRoutes(deps),
    userRoutes(deps),
    notificationRoutes(deps),
    agreementRoutes(deps),
    couponRoutes(deps),
    announcementRoutes(deps),
    apartmentRoutes(deps),
    imageRoutes(deps),
    maintenanceRoutes(deps),
    accountRoutes(deps),
    depositRoutes(deps),
    expenseRoutes(deps),
  ];
  app.use(routeBySegment(routers, { allowedMethods: false }));
  return app;
}

/** Writes are counted per signed-in person, anonymous ones per address. */
async function writerKey(ctx: Context, deps: AppDeps): Promise<string> {
  const claims = await accessClaims(ctx, deps);
  return claims ? `write:${claims.email}` : `write-ip:${ctx.ip}`;
}
