import { loadConfig } from '@building/infra/config';
import { startQueryService } from './start-query-service.ts';

// Distributed mode / docker: the query-service alone (scale it horizontally).
const service = await startQueryService(loadConfig());
console.log(`[query-service] listening at ${service.url}`);
const stop = () => {
  service.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[query-service] stop failed', error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
