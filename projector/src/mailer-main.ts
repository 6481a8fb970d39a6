import { loadConfig } from '@building/infra/config';
import { runMain } from '@building/infra/process/run-main';
import { startMailer } from './mailer/start-mailer.ts';

// The mailer as its own process (npm start's supervisor, docker-compose).
await runMain('mailer', async () => {
  const config = loadConfig();
  const mailer = await startMailer(config);
  return { said: `running, sending to ${new URL(config.SMTP_URL).host}`, stop: () => mailer.stop() };
});
