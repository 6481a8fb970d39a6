import type { Middleware } from 'koa';
import type { SandboxState } from './sandbox-context.ts';
import { invalidRequest } from './stripe-error.ts';
import { sandboxApiVersion } from './stripe-event.ts';

const versionFormat = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/;

/**
 * The `Stripe-Version` header as Stripe treats it: a request may pin an API version (the SDKs send
 * theirs), a malformed one is refused, and every answer says which version it follows. The sandbox
 * has one shape of its objects, that of the version the installed SDK pins.
 */
export function stripeVersion(): Middleware<SandboxState> {
  return async function answerStripeVersion(ctx, next) {
    const asked = ctx.get('Stripe-Version').trim();
    if (asked !== '' && !versionFormat.test(asked)) {
      throw invalidRequest(
        `Invalid Stripe API version: ${asked}. Use a version such as ${sandboxApiVersion}.`,
        { param: 'Stripe-Version' },
      );
    }
    ctx.set('Stripe-Version', asked || sandboxApiVersion);
    await next();
  };
}
