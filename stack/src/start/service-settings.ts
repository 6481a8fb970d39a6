import { authHost, host, url, type StackEnvironment } from './stack-environment.ts';
import type { ToolUrls } from './start-tools.ts';

/** The stack's secrets (made once into the data dir). */
export interface StackSecrets {
  jwt: string;
  webhook: string;
}

/** Every backend server's environment: the outside settings, then the stack's own values. */
export function serviceSettings(
  env: StackEnvironment,
  secrets: StackSecrets,
  tools: ToolUrls,
): Record<string, string> {
  const { ports } = env;
  return {
    ...env.base,
    DATABASE_URL: tools.databaseUrl,
    HOST: host,
    COMMAND_PORT: String(ports.command),
    QUERY_PORT: String(ports.query),
    UI_PORT: String(ports.ui),
    AUTH_EMULATOR_PORT: String(ports.auth),
    PAYMENT_SANDBOX_PORT: String(ports.sandbox),
    EMBEDDED_PG_PORT: String(ports.postgres),
    UI_ORIGINS: env.uiOrigins,
    COMMAND_PUBLIC_URL: url(ports.command),
    QUERY_PUBLIC_URL: url(ports.query),
    JWT_SECRET: secrets.jwt,
    ADMIN_EMAILS: env.outside.ADMIN_EMAILS ?? 'admin@building.test',
    FIREBASE_PROJECT_ID: env.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: authHost(env),
    STRIPE_SECRET_KEY: 'sk_test_sandbox',
    STRIPE_WEBHOOK_SECRET: secrets.webhook,
    PAYMENT_SANDBOX_URL: tools.sandboxUrl,
    SMTP_URL: tools.smtpUrl,
  };
}

/** The UI's run-time settings (written into the page by the UI server, or Vite's). */
export function uiSettings(env: StackEnvironment, tools: ToolUrls): Record<string, string> {
  return {
    VITE_COMMAND_URL: url(env.ports.command),
    VITE_QUERY_URL: url(env.ports.query),
    VITE_FIREBASE_AUTH_EMULATOR_HOST: authHost(env),
    VITE_FIREBASE_PROJECT_ID: env.projectId,
    VITE_FIREBASE_API_KEY: 'demo-key',
    VITE_PAYMENT_SANDBOX_URL: tools.sandboxUrl,
    VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox',
  };
}
