import { afterEach } from 'vitest';
import { takePageProblems } from './page-watch.ts';

/**
 * Set-up file of every e2e test file: a test fails when any page it drove showed a problem a
 * person would see (support/page-watch.ts), whatever the test itself asserted.
 */
afterEach(async () => {
  const problems = await takePageProblems();
  if (problems.length > 0)
    throw new Error(`the pages showed ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
});
