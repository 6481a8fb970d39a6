import { loadConfig } from '@building/infra/config';
import { runMain } from '@building/infra/process/run-main';
import { startProjector } from './start-projector.ts';

// Distributed mode / docker: one projector process (more instances share the consumer group).
await runMain('projector', async () => {
  const projector = await startProjector(loadConfig());
  return { said: 'running', stop: () => projector.stop() };
});
