import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { malformedRequests } from './malformed-requests.ts';
import { runFuzz } from './run-fuzz.ts';

/** The CI size of `npm run chaos`'s fuzz: a few hundred seeded malformed requests, no 5xx. */
describe.skipIf(missing('postgres'))('fuzzing both services', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('fuzz');
  });
  afterAll(() => database?.drop());

  it('generates the same requests from the same seed', () => {
    expect(malformedRequests(7, 50, ['t'])).toEqual(malformedRequests(7, 50, ['t']));
    expect(malformedRequests(7, 50, ['t'])).not.toEqual(malformedRequests(8, 50, ['t']));
  });

  it('answers no malformed request with a 5xx, parks nothing, and its views equal a rebuild', async () => {
    const summary = await runFuzz({ db: database.db, databaseUrl: database.url, seed: 15, requests: 400 });
    expect(summary.serverErrors).toEqual([]);
    expect(summary.parked).toBe(0);
    expect(summary.viewsEqualRebuild).toBe(true);
    expect(Object.keys(summary.byStatus).some((status) => status.startsWith('2'))).toBe(true);
  }, 300_000);
});
