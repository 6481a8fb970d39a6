import { afterEach } from 'vitest';
import { screenshotOpenPages, takePageProblems } from './page-watch.ts';

/**
 * Set-up file of every e2e test file: a test fails when any page it drove showed a problem a
 * person would see (support/page-watch.ts), whatever the test itself asserted. A failed test leaves
 * a screenshot of each page still open (test-results/screenshots/failed/), to see what it saw.
 */
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await screenshotOpenPages(`failed/${context.task.name}`);
  const problems = await takePageProblems();
  if (problems.length > 0)
    throw new Error(`the pages showed ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
});
