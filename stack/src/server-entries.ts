import { fileURLToPath } from 'node:url';

/** A path from the repository's root. */
export const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** Each server's entrypoint (the files docker-compose.yml runs). */
export const entries = {
  postgres: repo('tools/embedded-postgres/src/main.ts'),
  auth: repo('tools/auth-emulator/src/main.ts'),
  sandbox: repo('tools/payment-sandbox/src/main.ts'),
  smtpSink: repo('tools/smtp-sink/src/main.ts'),
  mailer: repo('projector/src/mailer-main.ts'),
  command: repo('command-service/src/main.ts'),
  relay: repo('command-service/src/outbox-relay-main.ts'),
  projector: repo('projector/src/main.ts'),
  reminders: repo('command-service/src/reminders/reminder-scheduler-main.ts'),
  query: repo('query-service/src/main.ts'),
  ui: repo('stack/src/ui-server/main.ts'),
  vite: repo('node_modules/vite/bin/vite.js'),
};
