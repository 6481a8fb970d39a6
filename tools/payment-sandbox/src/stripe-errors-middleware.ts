import type { Middleware } from 'koa';
import type { SandboxState } from './sandbox-context.ts';
import { StripeApiError } from './stripe-error.ts';

/** Renders StripeApiError as Stripe does; anything else is a sandbox defect: a logged 500 `api_error`. */
export function stripeErrors(log: (line: string) => void): Middleware<SandboxState> {
  return async function renderStripeErrors(ctx, next) {
    try {
      await next();
    } catch (error) {
      if (error instanceof StripeApiError) {
        ctx.status = error.status;
        ctx.body = { error: error.body };
        ctx.state.failedAfterRunning = error.ran;
        return;
      }
      log(
        `payment sandbox defect on ${ctx.method} ${ctx.path}: ${error instanceof Error ? error.stack : String(error)}`,
      );
      ctx.status = 500;
      ctx.state.failedAfterRunning = true;
      ctx.body = {
        error: { type: 'api_error', message: 'The payment sandbox failed to handle this request.' },
      };
    }
  };
}
