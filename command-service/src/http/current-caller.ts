import type { Context } from 'koa';
import { bearerToken, verifyAccessToken, type VerifiedAccess } from '@building/infra/auth/access-token';
import { unauthorized } from '@building/infra/http/problem';
import { refuse } from '@building/events/domain-error';
import { streams } from '@building/events/streams';
import type { CommandMetadata } from '@building/events/envelope';
import { loadAggregate } from '../command-handling/aggregate.ts';
import { actorOf, type Caller } from '../command-handling/caller.ts';
import { roleOf } from '@building/events/role-of';
import { roleFactsOf, userAggregate } from '../user/user.ts';
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
  const user = await loadAggregate(deps.store, streams.user(claims.email), userAggregate);
  if (options.registered && user.state.status !== 'registered')
    throw refuse('profile-required', 'record your profile first (POST /users/:email)');
  return {
    email: claims.email,
    role: roleOf(roleFactsOf(user.state)),
    name: user.state.status === 'registered' ? user.state.name : '',
  };
}

/** The metadata of a command sent by `caller`: the clock and ids come from the deps, never the decider. */
export function commandMeta(deps: AppDeps, caller: Caller | 'system'): CommandMetadata {
  return {
    now: deps.clock(),
    actor: caller === 'system' ? 'system' : actorOf(caller),
    correlationId: deps.newId(),
  };
}
