import http from 'node:http';
import { signAccessToken } from '@building/infra/auth/access-token';
import { highestApplied } from '@building/infra/read-models/applied-position';
import { freePort } from '@building/ports/ports';
import type { TestDatabase } from '@building/infra/testing/test-database';
import { describeStatuses, failures, httpLoad, send, type HttpLoadResult } from './http-load.ts';
import { readCpu, type CpuReading } from './process-cpu.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

const jwtSecret = 'bench-secret-bench-secret-bench-secret-01';
const admin = 'bench-admin@building.test';

/** One load on a stack: its result, and how long its projector took to catch up after it. */
export interface StackLoad extends HttpLoadResult {
  projectorBehindMs: number;
  /** Every projection reached the last position within the wait. */
  caughtUp: boolean;
  /** CPU seconds of this process (the load clients) during the load. */
  clientSeconds: number;
}

/**
 * The command-service and the projector (tailing the store) as their own processes, from their own
 * entrypoints, on `database`, with `extraEnv` on top of the bench's settings (the write budget
 * raised with RATE_LIMIT_WRITES_PER_MINUTE), an admin registered, ready for POST /addCoupon loads.
 */
export async function startCommandStack(
  database: TestDatabase,
  extraEnv: Record<string, string>,
  log: (line: string) => void,
) {
  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: jwtSecret,
    ADMIN_EMAILS: admin,
    HOST: '127.0.0.1',
    COMMAND_PORT: String(await freePort()),
    RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
    ...extraEnv,
  };
  // Each server's Postgres backends carry its name (the CPU split tells them apart).
  const named = (name: string) => {
    const url = new URL(database.url);
    url.searchParams.set('application_name', name);
    return { ...env, DATABASE_URL: url.toString() };
  };
  const processes: ServiceProcess[] = [];
  const stop = async () => {
    for (const process of processes.reverse()) await process.stop();
  };
  try {
    const service = await startServiceProcess(
      '@building/command-service/main',
      named('command-service'),
      /listening on (http:\/\/[^\s"]+)/,
      log,
    );
    processes.push(service);
    const projector = await startServiceProcess(
      '@building/projector/main',
      named('projector'),
      /running/,
      log,
    );
    processes.push(projector);
    const token = await signAccessToken(
      { email: admin, uid: 'bench-admin', emailVerified: true },
      jwtSecret,
      3600,
    );
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const agent = new http.Agent();
    const registered = await send(agent, new URL(service.ready), {
      method: 'POST',
      path: `/users/${admin}`,
      headers,
      body: JSON.stringify({ name: 'Bench Admin', email: admin }),
    });
    agent.destroy();
    if (registered !== 200) throw new Error(`registering the bench admin answered ${registered}`);
    let loads = 0;
    return {
      /** Whether both processes are still running. */
      alive: () => processes.every((p) => p.exited() === null),
      /** The CPU the servers and their backends have used so far (cpuBetween two of these). */
      cpu: (): Promise<CpuReading> =>
        readCpu(database.db, { 'command-service': service.pid, projector: projector.pid }),
      /**
       * `clients` keep-alive clients adding coupons for `durationMs` (each request a new code: no
       * lost races, no refusals), then a wait of up to 60 s for the projector to apply them all.
       */
      async load(clients: number, durationMs: number): Promise<StackLoad> {
        const code = `C${++loads}X{n}`;
        const clientsBefore = process.cpuUsage();
        const result = await httpLoad({
          url: service.ready,
          clients,
          durationMs,
          requests: [
            {
              method: 'POST',
              path: '/addCoupon',
              headers,
              body: JSON.stringify({ code, discount: 10, description: 'Bench coupon' }),
            },
          ],
        });
        const clientCpu = process.cpuUsage(clientsBefore);
        // A refused admin would make the figures a measure of refusals: stop instead.
        if (result.requests > 0 && failures(result) === result.requests)
          throw new Error(`every command was refused: ${describeStatuses(result.statuses)}`);
        const last = Number(
          (await database.db('events').max('position as p').first<{ p: string }>())?.p ?? 0,
        );
        const ended = performance.now();
        let applied = await highestApplied(database.db);
        while (applied < last && performance.now() - ended < 60_000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          applied = await highestApplied(database.db);
        }
        return {
          ...result,
          projectorBehindMs: performance.now() - ended,
          caughtUp: applied >= last,
          clientSeconds: (clientCpu.user + clientCpu.system) / 1e6,
        };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type CommandStack = Awaited<ReturnType<typeof startCommandStack>>;
