import { loadConfig } from '@building/infra/config';
import { startMailer } from './mailer/start-mailer.ts';

// The mailer as its own process (npm start's supervisor, docker-compose).
const config = loadConfig();
const mailer = await startMailer(config);
console.log(`[mailer] running, sending to ${new URL(config.SMTP_URL).host}`);
const stop = () => {
  mailer.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[mailer] stop failed', error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
