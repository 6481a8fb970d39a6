/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COMMAND_URL?: string;
  readonly VITE_QUERY_URL?: string;
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_AUTH_EMULATOR_HOST?: string;
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  readonly VITE_PAYMENT_SANDBOX_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
