import type { Context } from 'koa';
import { bearerToken, verifyAccessToken, type VerifiedAccess } from '@building/infra/auth/access-token';
import { unauthorized } from '@building/infra/http/problem';
import { loadCaller, type Caller } from '@building/domain/command-handling/caller';
import type { AppDeps } from '../command-deps.ts';

/**
 * The claims of the request's valid access token, or null; verified once per request (the write
 * rate limit asks first, the command again). A signed-out token counts as none.
 */
export async function accessClaims(
  ctx: Context,
  deps: Pick<AppDeps, 'jwtSecret' | 'revokedTokens'>,
): Promise<VerifiedAccess | null> {
  if (ctx.state.claims === undefined) {
    const token = bearerToken(ctx.get('authorization'));
    ctx.state.claims = token ? await verifyAccessToken(token, deps.jwtSecret, deps.revokedTokens) : null;
  }
  return ctx.state.claims as VerifiedAccess | null;
}

/** The claims of the request's access token, or 401 (also for a signed-out one). */
export async function signedIn(
  ctx: Context,
  deps: Pick<AppDeps, 'jwtSecret' | 'revokedTokens'>,
): Promise<VerifiedAccess> {
  const claims = await accessClaims(ctx, deps);
  if (claims) return claims;
  if (!bearerToken(ctx.get('authorization'))) throw unauthorized('sign in first: no access token');
  throw unauthorized('the access token is invalid or expired: sign in again');
}

/**
 * Who is calling, with the role their user stream gives them now (a demotion takes effect at once).
 * `registered` refuses a token holder who has no user record yet.
 */
export async function currentCaller(
  ctx: Context,
  deps: AppDeps,
  options: { registered?: boolean } = {},
): Promise<Caller> {
  const claims = await signedIn(ctx, deps);
  return loadCaller(deps.commands, claims.email, options);
}
