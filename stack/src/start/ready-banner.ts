import type { StackMode } from './stack-options.ts';
import type { Stack } from './stack-report.ts';

/** What `npm start` prints once every server is up: where everything answers, and what is a demo. */
export function readyBanner(stack: Stack, options: { seconds: string; mode: StackMode }): string {
  const width = Math.max(...stack.accounts.map((a) => a.email.length));
  const { mode: how } = stack;
  const mailbox = stack.urls.mailbox
    ? `${stack.urls.mailbox}   (demo: the emails sent, SMTP at ${stack.smtpHost})`
    : `none: emails go to ${stack.smtpHost} (SMTP_URL)`;
  return `
  Building is ready in ${options.seconds} s:  ${stack.urls.ui}

  mode             ${how.transport === 'Kafka consumer group' ? 'distributed' : 'embedded'}: Postgres ${how.postgres}, events by ${how.transport}${how.projectors > 1 ? ` (${how.projectors} projectors)` : ''}, cache and rate limits ${how.cache}
  UI               ${options.mode === 'dev' ? 'Vite dev server with hot reload' : 'production build'}
  command-service  ${stack.urls.command}
  query-service    ${stack.urls.query}
  identity         DEMO: the Firebase Auth emulator at http://${stack.authHost} (loopback only)
                   anyone who reaches it can sign in as any account or make an admin address verified:
                   for real people use a Firebase project (FIREBASE_PROJECT_ID, see README)
  payment sandbox  ${stack.urls.sandbox}   (test card 4242 4242 4242 4242)
  mailbox          ${mailbox}
  metrics          ${Object.entries(stack.urls.metrics)
    .map(([name, at]) => `${name} ${new URL(at).port}`)
    .join(', ')}
                   (GET /metrics and /health, loopback or METRICS_TOKEN; ports: METRICS_PORT_*)

  Demo accounts (email / password):
${stack.accounts.map((a) => `    ${a.role.padEnd(7)} ${a.email.padEnd(width)}  ${a.password}`).join('\n')}

  Ctrl-C stops everything; data stays in .data/
`;
}
