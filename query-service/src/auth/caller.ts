import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import { bearerToken, verifyAccessToken, type RevocationCheck } from '@building/infra/auth/access-token';
import { refuse } from '@building/events/domain-error';
import { badRequest, unauthorized } from '@building/infra/http/problem';
import type { Role } from '@building/events/envelope';
import { tableNames } from '@building/events/read-models/read-model';
import { usersView } from '@building/events/read-models/users';
import { toResponse } from '../read-models/to-responses.ts';
import { safeText } from '@building/infra/http/safe-text';

/** What checking a caller needs: the views (roles), the token secret, the signed-out tokens. */
export interface TokenDeps {
  db: Knex;
  jwtSecret: string;
  revokedTokens?: RevocationCheck;
}

export interface Caller {
  email: string;
  role: Role;
}

const accounts = tableNames(usersView).accounts;

/** The caller's role from the users view, read on every request: a demotion applies at once. */
export async function roleFromView(db: Knex, email: string): Promise<Role> {
  return toResponse(usersView, await db(accounts).where({ email }).first('admin', 'member')).role;
}

/**
 * Resolves the caller from `Authorization: Bearer` (never from the address: see stream-ticket.ts).
 * 401 when missing or invalid. Cached on ctx.state for the request, with the token's claims
 * (`ctx.state.access`).
 */
export async function requireCaller(ctx: Context, deps: TokenDeps): Promise<Caller> {
  const known = ctx.state.caller as Caller | undefined;
  if (known) return known;
  const token = bearerToken(ctx.get('Authorization'));
  if (!token) throw unauthorized();
  const claims = await verifyAccessToken(token, deps.jwtSecret, deps.revokedTokens);
  if (!claims) throw unauthorized('the access token is invalid or expired');
  const caller: Caller = { email: claims.email, role: await roleFromView(deps.db, claims.email) };
  ctx.state.caller = caller;
  ctx.state.access = claims;
  return caller;
}

type Guard = (ctx: Context, next: Next) => Promise<void>;

export function signedIn(deps: TokenDeps): Guard {
  return async (ctx, next) => {
    await requireCaller(ctx, deps);
    await next();
  };
}

export function adminOnly(deps: TokenDeps): Guard {
  return async (ctx, next) => {
    const caller = await requireCaller(ctx, deps);
    if (caller.role !== 'admin') throw refuse('admin-only', 'admins only');
    await next();
  };
}

const emailParam = safeText.trim().toLowerCase().pipe(z.email().max(254));

/** Per-user reads: the owner of `:email` or an admin (403 otherwise). Sets ctx.state.email. */
export function ownerOrAdmin(deps: TokenDeps): Guard {
  return async (ctx, next) => {
    const caller = await requireCaller(ctx, deps);
    const parsed = emailParam.safeParse((ctx.params as Record<string, string>).email);
    if (!parsed.success)
      throw badRequest('email: not a valid email address', [
        { field: 'email', message: 'not a valid email address' },
      ]);
    if (caller.role !== 'admin' && caller.email !== parsed.data)
      throw refuse('not-your-data', 'only the owner or an admin may read this');
    ctx.state.email = parsed.data;
    await next();
  };
}
