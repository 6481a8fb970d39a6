import Router from '@koa/router';
import { z } from 'zod';
import { signAccessToken } from '@building/infra/auth/access-token';
import { parseInput } from '@building/events/parse-input';
import { HttpProblem, unauthorized } from '@building/infra/http/problem';
import { safeText } from '@building/infra/http/safe-text';
import { registerOnSignIn } from '@building/domain/user/commands';
import { signedIn } from '../http/current-caller.ts';
import type { AppDeps } from '../command-deps.ts';
import { IdentityProviderUnavailable, InvalidIdToken, type VerifiedIdentity } from './identity-verifier.ts';

/** Only a verified Firebase ID token buys an access token; a bare email gets 400 (docs/architecture.md §5, §8). */
const signInBody = z.object({ idToken: safeText.min(20).max(8192) });

export function authRoutes(deps: AppDeps): Router {
  const router = new Router();
  // Its rate limit (per address) is applied in app.ts, before the body is parsed.
  router.post('/jwt', async (ctx) => {
    const { idToken } = parseInput(signInBody, ctx.request.body);
    const identity = await verified(deps, idToken);
    await registerOnFirstSignIn(deps, identity);
    const token = await signAccessToken(
      { email: identity.email, uid: identity.uid, emailVerified: identity.emailVerified },
      deps.jwtSecret,
      deps.jwtTtlSeconds,
      deps.clock(),
    );
    // An address on the admin list gets its rights only once verified: the UI says what to do.
    const verifyForAdmin = deps.adminEmails.includes(identity.email) && !identity.emailVerified;
    ctx.body = verifyForAdmin ? { token, adminAwaitsVerifiedEmail: true } : { token };
  });
  /**
   * POST /logout: the token it is sent with stops working on every instance of both services
   * (within the revocation list's reload interval); the UI then signs out of Firebase too.
   */
  router.post('/logout', async (ctx) => {
    const claims = await signedIn(ctx, deps);
    if (!deps.revokedTokens)
      throw new HttpProblem(503, 'Service Unavailable', 'signing out is not configured');
    await deps.revokedTokens.revoke(claims.jti, claims.expiresAt);
    ctx.status = 204;
  });
  return router;
}

async function verified(deps: AppDeps, idToken: string): Promise<VerifiedIdentity> {
  try {
    return await deps.identity.verify(idToken);
  } catch (error) {
    if (error instanceof InvalidIdToken) throw unauthorized(error.message);
    if (error instanceof IdentityProviderUnavailable) {
      deps.log?.(error);
      throw new HttpProblem(
        503,
        'Service Unavailable',
        'cannot check the sign-in right now: try again shortly',
      );
    }
    throw error;
  }
}

/**
 * The first sign-in records the person (and grants admin to the configured emails once verified), so
 * roles hold even before the UI's profile call; later sign-ins record nothing but a pending grant.
 */
async function registerOnFirstSignIn(deps: AppDeps, identity: VerifiedIdentity): Promise<void> {
  await registerOnSignIn(deps.commands, {
    profile: {
      email: identity.email,
      name: (identity.name ?? '').slice(0, 200),
      photoURL: /^https?:\/\//.test(identity.picture ?? '') ? identity.picture!.slice(0, 2000) : '',
    },
    isAdminEmail: deps.adminEmails.includes(identity.email) && identity.emailVerified,
    now: deps.clock(),
  });
}
