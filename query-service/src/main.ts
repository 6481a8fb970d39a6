import { loadConfig } from '@building/infra/config';
import { runMain } from '@building/infra/process/run-main';
import { startQueryService } from './start-query-service.ts';

// Distributed mode / docker: the query-service alone (scale it horizontally).
await runMain('query-service', async () => {
  const service = await startQueryService(loadConfig());
  return { said: `listening at ${service.url}`, stop: () => service.stop() };
});
