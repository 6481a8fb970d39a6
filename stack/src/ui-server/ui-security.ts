import { earlyReadHash } from './early-read.ts';

/** The UI's settings handed to the browser at run time (in `index.html`): the same names as Vite's. */
export type UiRuntimeConfig = Record<`VITE_${string}`, string>;

/** Picks the VITE_* settings from an environment: one production build serves any ports. */
export function uiRuntimeConfig(env: Record<string, string | undefined>): UiRuntimeConfig {
  const config: UiRuntimeConfig = {};
  for (const [key, value] of Object.entries(env))
    if (key.startsWith('VITE_') && value !== undefined) config[key as `VITE_${string}`] = value;
  return config;
}

const origin = (url: string | undefined): string[] => {
  if (!url?.trim()) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * Content-Security-Policy allowing only the app's own API origins and what sign-in, the payment
 * form and the map need. Inline styles stay allowed: React and Leaflet set style attributes. The
 * one inline script is the landing route's early read, allowed by its hash.
 */
export function contentSecurityPolicy(config: UiRuntimeConfig): string {
  const command = origin(config.VITE_COMMAND_URL ?? 'http://127.0.0.1:4001');
  const query = origin(config.VITE_QUERY_URL ?? 'http://127.0.0.1:4002');
  const sandbox = origin(config.VITE_PAYMENT_SANDBOX_URL ?? 'http://127.0.0.1:12111');
  const stripeKey = config.VITE_STRIPE_PUBLISHABLE_KEY ?? '';
  const realStripe = stripeKey !== '' && stripeKey !== 'pk_test_sandbox';
  const emulator = config.VITE_FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const apiKey = config.VITE_FIREBASE_API_KEY ?? '';
  const realFirebase = apiKey !== '' && apiKey !== 'demo-key';
  const authDomain = config.VITE_FIREBASE_AUTH_DOMAIN ? [`https://${config.VITE_FIREBASE_AUTH_DOMAIN}`] : [];
  const tiles = origin(
    (config.VITE_MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png').replace(/\{[a-z]\}/g, 'a'),
  );
  const stripe = realStripe ? ['https://js.stripe.com'] : sandbox;
  const firebase = realFirebase
    ? [
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://apis.google.com',
      ]
    : emulator
      ? [`http://${emulator}`]
      : [];

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", earlyReadHash, ...stripe, ...(realFirebase ? ['https://apis.google.com'] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...command,
      ...query,
      ...tiles,
      'https://*.googleusercontent.com',
    ],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...command,
      ...query,
      ...firebase,
      ...(realStripe ? ['https://api.stripe.com'] : sandbox),
    ],
    'frame-src': [
      ...(realStripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
      ...authDomain,
    ],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.length > 0 ? [...new Set(sources)].join(' ') : "'none'"}`)
    .join('; ');
}

/** Headers on every answer of the UI server. */
export function securityHeaders(config: UiRuntimeConfig): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}
