import { z } from 'zod';
import { defaultMailboxPort, defaultSmtpPort, startSmtpSink } from './start-smtp-sink.ts';

// Runs the SMTP sink alone: `node tools/smtp-sink/src/main.ts`.
const env = z
  .object({
    SMTP_SINK_PORT: z.coerce.number().int().min(0).max(65535).default(defaultSmtpPort),
    MAILBOX_PORT: z.coerce.number().int().min(0).max(65535).default(defaultMailboxPort),
    SMTP_SINK_HOST: z.string().default('127.0.0.1'),
    /** Where the messages are kept across restarts; unset keeps them in memory only. */
    MAILBOX_DIR: z.string().min(1).optional(),
    /** Listening beyond loopback (a container's network) is allowed only when asked for. */
    DEMO_MAILBOX: z.enum(['1', '']).optional(),
  })
  .parse(process.env);

const loopback = ['127.0.0.1', 'localhost', '::1'];
if (!loopback.includes(env.SMTP_SINK_HOST) && env.DEMO_MAILBOX !== '1') {
  console.error(
    `[smtp-sink] refusing to listen on ${env.SMTP_SINK_HOST}: the sink is a demo mailbox that keeps ` +
      'and shows every email to whoever reaches it. Send real email (SMTP_URL), or set DEMO_MAILBOX=1.',
  );
  process.exit(1);
}

const running = await startSmtpSink({
  host: env.SMTP_SINK_HOST,
  smtpPort: env.SMTP_SINK_PORT,
  mailboxPort: env.MAILBOX_PORT,
  dir: env.MAILBOX_DIR,
  log: (line) => console.log(`[smtp-sink] ${line}`),
});
console.log(`[smtp-sink] SMTP at ${running.smtpUrl}, mailbox at ${running.mailboxUrl}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.stop().then(() => process.exit(0));
  });
}
