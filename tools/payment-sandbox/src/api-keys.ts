import type { Middleware } from 'koa';
import type { SandboxState } from './sandbox-context.ts';
import { authenticationError } from './stripe-error.ts';

/**
 * Reads the API key as Stripe does (`Authorization: Bearer <key>`, or basic auth with the key as user).
 * Only the configured keys are accepted, as an account's own: the secret key, and the publishable
 * key of the browser, allowed only where a route says so.
 */
export function authenticate(keys: { secret: string; publishable: string }): Middleware<SandboxState> {
  return async function readApiKey(ctx, next) {
    const key = apiKeyFrom(ctx.get('Authorization'));
    if (!key) {
      throw authenticationError(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (key === keys.secret) ctx.state.apiKey = { key, kind: 'secret' };
    else if (key === keys.publishable) ctx.state.apiKey = { key, kind: 'publishable' };
    else throw authenticationError(`Invalid API Key provided: ${redact(key)}`);
    await next();
  };
}

/** Route guard for everything a publishable key may not do. */
export function secretKeyOnly(): Middleware<SandboxState> {
  return async function requireSecretKey(ctx, next) {
    if (ctx.state.apiKey?.kind !== 'secret') {
      throw authenticationError(
        'This API call cannot be made with a publishable API key. Please use a secret API key.',
      );
    }
    await next();
  };
}

function apiKeyFrom(header: string): string | undefined {
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!value) return undefined;
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic') {
    const user = Buffer.from(value, 'base64').toString('utf8').split(':')[0];
    return user || undefined;
  }
  return undefined;
}

function redact(key: string): string {
  return key.length <= 12 ? `${key.slice(0, 3)}***` : `${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}`;
}
