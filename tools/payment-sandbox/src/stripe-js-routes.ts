import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import type { SandboxState } from './sandbox-context.ts';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

/**
 * The Stripe.js stand-in as one classic script: the shared card rules (their `export`s dropped) and the
 * stand-in, inside a function so nothing but `window.Stripe` leaks into the page.
 */
export function stripeJsScript(defaultOrigin: string): string {
  const cardRules = source('./card-rules.js').replace(/^export /gm, '');
  return [
    '/* Payment sandbox: a stand-in for Stripe.js v3 (https://js.stripe.com/v3). */',
    '(function () {',
    "'use strict';",
    `const SANDBOX_DEFAULT_ORIGIN = ${JSON.stringify(defaultOrigin)};`,
    cardRules,
    source('./stripe-js-stand-in.js'),
    '})();',
    '',
  ].join('\n');
}

export function stripeJsRoutes(publicUrl: string | undefined): Router<SandboxState> {
  const router = new Router<SandboxState>();
  const paths = ['/js/v3', '/js/v3/', '/v3', '/v3/'];
  router.get(paths, (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = stripeJsScript(publicUrl ?? `${ctx.protocol}://${ctx.host}`);
  });
  router.get('/health', (ctx) => {
    ctx.body = { ok: true };
  });
  return router;
}
