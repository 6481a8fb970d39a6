import type { Knex } from 'knex';
import { loadConfig } from '@building/infra/config';
import { startProjector } from '@building/projector/start-projector';
import { parkedEvents, viewsUnlikeRebuild, waitForCatchUp } from './chaos-checks.ts';
import { fuzzedRoutes, malformedRequests, requestKey, type FuzzRequest } from './malformed-requests.ts';
import { fuzzAdmin, startFuzzServices } from './fuzz-services.ts';

export interface FuzzSummary {
  seed: number;
  requests: number;
  /** How many of them differ from every other (the generator redraws repeats). */
  distinct: number;
  routes: number;
  byStatus: Record<string, number>;
  serverErrors: Array<{ status: number; request: string }>;
  parked: number;
  viewsEqualRebuild: boolean;
}

/**
 * Sends `requests` seeded malformed requests to both services over a real database while the
 * projector tails the store; then checks that none answered 5xx, nothing is parked, and every view
 * equals a rebuild of it from the log.
 */
export async function runFuzz(options: {
  db: Knex;
  databaseUrl: string;
  seed: number;
  requests: number;
  concurrency?: number;
  log?: (line: string) => void;
}): Promise<FuzzSummary> {
  const log = options.log ?? (() => {});
  const services = await startFuzzServices(options.db);
  const projector = await startProjector(loadConfig({ DATABASE_URL: options.databaseUrl }), {
    log: () => {},
  });
  try {
    const admin = await services.tokenFor(fuzzAdmin);
    const user = await services.tokenFor('fuzz@building.test');
    await seedValidState(services.urls.command, admin, user);
    const requests = malformedRequests(options.seed, options.requests, [admin, user]);
    const summary: FuzzSummary = {
      seed: options.seed,
      requests: requests.length,
      distinct: new Set(requests.map(requestKey)).size,
      routes: fuzzedRoutes.length,
      byStatus: {},
      serverErrors: [],
      parked: 0,
      viewsEqualRebuild: false,
    };
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const index = next++;
        const request = requests[index]!;
        const status = await send(services.urls, request);
        summary.byStatus[status] = (summary.byStatus[status] ?? 0) + 1;
        if (status >= 500 || status === 0)
          summary.serverErrors.push({
            status,
            request: `${request.method} ${request.path} ${request.body ?? ''}`.slice(0, 300),
          });
        if ((index + 1) % 1000 === 0) log(`fuzz: ${index + 1}/${requests.length} sent`);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));

    await waitForCatchUp(options.db, 60_000);
    summary.parked = await parkedEvents(options.db);
    summary.viewsEqualRebuild = (await viewsUnlikeRebuild(options.db)).length === 0;
    return summary;
  } finally {
    await projector.stop();
    await services.stop();
  }
}

async function send(urls: { command: string; query: string }, request: FuzzRequest): Promise<number> {
  try {
    const response = await fetch(
      `${request.service === 'command' ? urls.command : urls.query}${request.path}`,
      {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(30_000),
      },
    );
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    // A URL fetch itself refuses to send (e.g. a header it cannot encode) is no answer of ours.
    if (error instanceof TypeError && !(error.cause instanceof Error && 'code' in error.cause)) return -1;
    return 0;
  }
}

/** Some real state for the malformed requests to run into: an admin, apartments, a request. */
async function seedValidState(commandUrl: string, admin: string, user: string) {
  const call = async (method: string, path: string, token: string, body: unknown) => {
    const response = await fetch(`${commandUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fuzz set-up: ${method} ${path} answered ${response.status}`);
  };
  await call('POST', `/users/${fuzzAdmin}`, admin, { name: 'Fuzz Admin' });
  await call('POST', '/users/fuzz@building.test', user, { name: 'Fuzz User' });
  for (const apartment of ['F1', 'F2'])
    await call('POST', '/apartments', admin, {
      apartment,
      block: 'F',
      floor: 1,
      room: '2 bed',
      rent: 1000,
      image: '/images/apartments/apartment-1a01.svg',
    });
  await call('POST', '/agreement', user, { si: 1 });
}
