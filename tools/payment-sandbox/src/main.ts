import { z } from 'zod';
import { defaultPaymentSandboxPort, startPaymentSandbox } from './start-payment-sandbox.ts';

// Runs the payment sandbox alone: `npx tsx tools/payment-sandbox/src/main.ts`.
const env = z
  .object({
    PAYMENT_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(defaultPaymentSandboxPort),
    PAYMENT_SANDBOX_HOST: z.string().default('127.0.0.1'),
    WEBHOOK_URL: z.url().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
    UI_ORIGINS: z.string().optional(),
  })
  .parse(process.env);

const running = await startPaymentSandbox({
  port: env.PAYMENT_SANDBOX_PORT,
  host: env.PAYMENT_SANDBOX_HOST,
  webhookUrl: env.WEBHOOK_URL,
  webhookSecret: env.STRIPE_WEBHOOK_SECRET,
  secretKey: env.STRIPE_SECRET_KEY,
  publishableKey: env.STRIPE_PUBLISHABLE_KEY,
  allowedOrigins: env.UI_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
  log: (line) => console.log(`[payment-sandbox] ${line}`),
});
console.log(
  `[payment-sandbox] Stripe API at ${running.url} (only its configured keys), Stripe.js at ${running.url}/js/v3`,
);
console.log(`[payment-sandbox] webhooks: ${env.WEBHOOK_URL ?? 'none (set WEBHOOK_URL)'}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.stop().then(() => process.exit(0));
  });
}
