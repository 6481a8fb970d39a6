import { loadConfig } from '@building/infra/config';
import { CannotStart, runMain } from '@building/infra/process/run-main';
import { startCommandService } from './start-command-service.ts';

/** The command-service on its own (distributed mode, docker): configuration from the environment. */
await runMain('command-service', async () => {
  const config = loadConfig();
  if (!config.JWT_SECRET)
    throw new CannotStart(
      'JWT_SECRET is not set (at least 32 characters): refusing to start without a token secret',
    );
  const service = await startCommandService(config);
  return { said: `listening on ${service.url}`, stop: () => service.stop() };
});
