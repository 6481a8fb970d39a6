import { loadConfig } from '@building/infra/config';
import { startCommandService } from './start-command-service.ts';

/** The command-service on its own (distributed mode, docker): configuration from the environment. */
const config = loadConfig();
if (!config.JWT_SECRET) {
  console.error('JWT_SECRET is not set (at least 32 characters): refusing to start without a token secret');
  process.exit(1);
}
const service = await startCommandService(config);
console.log(`command-service listening on ${service.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void service.stop().then(() => process.exit(0));
  });
