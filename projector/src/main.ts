import { loadConfig } from '@building/infra/config';
import { startProjector } from './start-projector.ts';

// Distributed mode / docker: one projector process (more instances share the consumer group).
const projector = await startProjector(loadConfig());
console.log('[projector] running');
const stop = () => {
  projector.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[projector] stop failed', error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
