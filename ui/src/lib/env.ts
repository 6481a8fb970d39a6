import { readDataBlock } from './data-block.ts';

declare global {
  /** The run-time settings where the UI server draws a page itself (it sets them at its start). */
  var __BUILDING_CONFIG__: Partial<Record<string, string>> | undefined;
}

/** The run-time settings the UI server wrote into the page (index.html's `building-config`). */
const pageSettings = () => readDataBlock<Partial<Record<string, string>>>('building-config') ?? {};

/**
 * The UI's configuration: the server's run-time settings, else Vite's build-time env. The
 * defaults run the embedded stack (`npm start`): local services and the auth emulator.
 */
const raw: Partial<Record<string, string>> = {
  ...import.meta.env,
  ...(globalThis.__BUILDING_CONFIG__ ?? pageSettings()),
};

function pick(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** A real Firebase project is configured when an API key other than the demo one is given. */
const usesRealFirebase =
  Boolean(raw.VITE_FIREBASE_API_KEY?.trim()) && raw.VITE_FIREBASE_API_KEY !== 'demo-key';

export const env = {
  commandUrl: withoutTrailingSlash(pick(raw.VITE_COMMAND_URL, 'http://127.0.0.1:4001')),
  queryUrl: withoutTrailingSlash(pick(raw.VITE_QUERY_URL, 'http://127.0.0.1:4002')),
  /** Where reads go: the query-service's address, or the UI server's own way to it when it draws a page. */
  queryReadUrl: withoutTrailingSlash(
    pick(raw.UI_SERVER_QUERY_URL, pick(raw.VITE_QUERY_URL, 'http://127.0.0.1:4002')),
  ),
  mapTileUrl: pick(raw.VITE_MAP_TILE_URL, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Real Stripe when set; otherwise the payment sandbox's Stripe.js stand-in. */
  stripePublishableKey: raw.VITE_STRIPE_PUBLISHABLE_KEY?.trim() ?? '',
  paymentSandboxUrl: withoutTrailingSlash(pick(raw.VITE_PAYMENT_SANDBOX_URL, 'http://127.0.0.1:12111')),
  firebase: {
    apiKey: pick(raw.VITE_FIREBASE_API_KEY, 'demo-key'),
    authDomain: pick(raw.VITE_FIREBASE_AUTH_DOMAIN, 'demo-building.firebaseapp.com'),
    projectId: pick(raw.VITE_FIREBASE_PROJECT_ID, 'demo-building'),
    appId: pick(raw.VITE_FIREBASE_APP_ID, 'demo-app'),
  },
  /** Empty when signing in against a real Firebase project. */
  authEmulatorHost: usesRealFirebase
    ? (raw.VITE_FIREBASE_AUTH_EMULATOR_HOST?.trim() ?? '')
    : pick(raw.VITE_FIREBASE_AUTH_EMULATOR_HOST, '127.0.0.1:9099'),
} as const;

export const usesAuthEmulator = env.authEmulatorHost !== '';
