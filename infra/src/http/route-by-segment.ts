import type { Context, Middleware, Next } from 'koa';
import type Router from '@koa/router';

/** `/user/admin/:email` -> `user`; null when the first segment is a parameter or a pattern. */
function firstSegment(path: string | RegExp): string | null {
  if (typeof path !== 'string') return null;
  const segment = path.split('/')[1] ?? '';
  return /^[\w.~-]*$/.test(segment) ? segment.toLowerCase() : null;
}

/** Runs middleware in order, as Koa's own composition does. */
function chain(middleware: Middleware[]): Middleware {
  return (ctx: Context, next: Next) => {
    const step = (i: number): Promise<void> =>
      i === middleware.length ? next() : Promise.resolve(middleware[i]!(ctx, () => step(i + 1)));
    return step(0);
  };
}

/**
 * The routers as one middleware that hands a request only to the routers with a route under its
 * first path segment (in their order), instead of letting it walk every router in turn: a request
 * for the last of a dozen routers cost several times what bare Koa + router does (see the bench
 * README). A router with a route that starts with a parameter is asked for every request.
 * `allowedMethods` (default on) adds each router's 405 / OPTIONS answers.
 */
export function routeBySegment(
  routers: readonly Router[],
  options: { allowedMethods?: boolean } = {},
): Middleware {
  const allowedMethods = options.allowedMethods ?? true;
  const entries = routers.map((router) => ({
    segments: router.stack.map((layer) => firstSegment(layer.path)),
    run: chain([
      router.routes() as Middleware,
      ...(allowedMethods ? [router.allowedMethods() as Middleware] : []),
    ]),
  }));
  const everywhere = (entry: (typeof entries)[number]) => entry.segments.includes(null);
  const bySegment = new Map<string, Middleware>();
  for (const segment of new Set(entries.flatMap((e) => e.segments).filter((s) => s !== null)))
    bySegment.set(
      segment,
      chain(entries.filter((e) => e.segments.includes(segment) || everywhere(e)).map((e) => e.run)),
    );
  const fallback = chain(entries.filter(everywhere).map((e) => e.run));
  return (ctx, next) => (bySegment.get(firstSegment(ctx.path) ?? '') ?? fallback)(ctx, next);
}
