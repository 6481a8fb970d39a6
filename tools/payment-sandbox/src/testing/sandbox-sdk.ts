import Stripe from 'stripe';

/** The official SDK pointed at a sandbox (tests and local scripts), without retries. */
export function sandboxSdk(sandboxUrl: string, key = 'sk_test_sandbox'): Stripe {
  const { hostname, port } = new URL(sandboxUrl);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
}
