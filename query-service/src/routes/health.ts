import { highestApplied } from '@building/infra/read-models/applied-position';
import { databaseCheck } from '@building/infra/metrics/health-checks';
import { healthRoute } from '@building/infra/metrics/health-route';
import type { QueryDeps } from '../query-deps.ts';

/** GET /health: the dependencies (the database, Redis, the projections' lag); `position` is the highest applied. */
export function health(deps: QueryDeps) {
  return healthRoute('query-service', deps.health ?? { database: databaseCheck(deps.db) }, async () => ({
    position: await highestApplied(deps.db),
  }));
}
