import { parentPort, workerData } from 'node:worker_threads';
import knex from 'knex';
import { pagesAhead, readStepsHere, type ReadStepsJob } from './read-steps.ts';

// The body of readSteps' worker thread: pages of steps, at most `pagesAhead` not yet taken, then null.
const job = workerData as ReadStepsJob;
const db = knex({ client: 'pg', connection: job.connection, pool: { min: 0, max: 1 } });
let credits = pagesAhead;
let wake = () => {};
parentPort!.on('message', () => {
  credits++;
  wake();
});
try {
  for await (const page of readStepsHere(db, job.from, job.bound, job.pageSize)) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits--;
    parentPort!.postMessage(page);
  }
  parentPort!.postMessage(null);
} finally {
  await db.destroy();
}
