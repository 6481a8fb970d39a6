import http from 'node:http';
import { signAccessToken } from '@building/infra/auth/access-token';
import { highestApplied } from '@building/infra/read-models/applied-position';
import { freePort } from '@building/ports/ports';
import type { TestDatabase } from '@building/infra/testing/test-database';
import type { Benchmark, BenchContext, Figure } from './benchmark.ts';
import { describeStatuses, failures, httpLoad, latencyFigures, send } from './http-load.ts';
import { startOtlpSink } from './otlp-sink.ts';
import { startCpuSplit } from './process-cpu.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

const clients = 32;
const durationMs = 10_000;
const jwtSecret = 'bench-secret-bench-secret-bench-secret-01';
const admin = 'bench-admin@building.test';

/**
 * POST /addCoupon as an admin against a running stack: the command-service and the projector
 * (tailing the store) as their own processes, from their own entrypoints, on the bench's Postgres;
 * 32 keep-alive clients from a worker thread for 10 s, each request a new code (no lost races),
 * the write budget raised with RATE_LIMIT_WRITES_PER_MINUTE. Targets are the issue's.
 */
export const commands: Benchmark = {
  name: 'commands',
  summary: `POST /addCoupon, ${clients} clients for ${durationMs / 1000} s, command-service + projector running, instrumentation off and on`,
  async run(context) {
    const database = await context.database('commands');
    const sink = await startOtlpSink();
    try {
      // Instrumentation off (no logs, no traces; the metrics are always on) and on (JSON logs at
      // info, every span sent to a collector), twice each in turn on the same database: one pair
      // of 10-second runs differs by up to 15% with nothing changed between them.
      // On is the default an operator gets (one command in ten traced); a last pass traces every one.
      const off = { LOG_LEVEL: 'silent' };
      const on = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url };
      const offRuns = [await measure(context, database, 'off', off)];
      const onRuns = [await measure(context, database, 'on', on)];
      offRuns.push(await measure(context, database, 'off', off));
      onRuns.push(await measure(context, database, 'on', on));
      const exports = sink.exports();
      if (exports === 0) throw new Error('instrumentation on, yet no span reached the collector');
      const everyOne = await measure(context, database, 'on', { ...on, TRACE_COMMANDS_RATIO: '1' });
      const mean = (runs: Measured[], of: (run: Measured) => number) =>
        runs.reduce((sum, run) => sum + of(run), 0) / runs.length;
      const rates = (runs: Measured[]) => runs.map((r) => Math.round(r.perSecond)).join(', ');
      const serverCpu = (runs: Measured[]) => mean(runs, (r) => r.serverMicros);
      return [
        ...onRuns[0]!.figures,
        {
          metric: 'commands/s, instrumentation off',
          value: mean(offRuns, (r) => r.perSecond),
          unit: '/s',
          note: `runs ${rates(offRuns)}/s; p99 ${offRuns.map((r) => r.p99.toFixed(1)).join(', ')} ms`,
        },
        {
          metric: 'commands/s, instrumentation on / off',
          value: mean(onRuns, (r) => r.perSecond) / mean(offRuns, (r) => r.perSecond),
          unit: 'x',
          target: { atLeast: 0.95 },
          note: `on ${rates(onRuns)}/s against off ${rates(offRuns)}/s, in turn (off, on, off, on); logs at info, one command in ten traced (TRACE_COMMANDS_RATIO), ${exports} span exports to a collector; non-2xx in all runs ${[...offRuns, ...onRuns].reduce((sum, r) => sum + r.non2xx, 0)}`,
        },
        {
          metric: 'server CPU per command, instrumentation on / off',
          value: serverCpu(onRuns) / serverCpu(offRuns),
          unit: 'x',
          note: `${Math.round(serverCpu(onRuns))} against ${Math.round(serverCpu(offRuns))} us: the services and their Postgres, the same mean of two runs each`,
        },
        {
          metric: 'commands/s, every command traced / off',
          value: everyOne.perSecond / mean(offRuns, (r) => r.perSecond),
          unit: 'x',
          note: `TRACE_COMMANDS_RATIO=1, a fifth run: ${Math.round(everyOne.perSecond)}/s, server CPU per command ${Math.round(everyOne.serverMicros)} us (x${(everyOne.serverMicros / serverCpu(offRuns)).toFixed(2)} of off)`,
        },
      ];
    } finally {
      await sink.stop();
    }
  },
};

let runs = 0;

interface Measured {
  figures: Figure[];
  perSecond: number;
  p99: number;
  non2xx: number;
  /** CPU of the services and their Postgres backends per command, in microseconds. */
  serverMicros: number;
}

/**
 * One pass: the servers started with `extraEnv`, loaded for the duration right after their start
 * (the first run), then again (the steady run), and stopped.
 */
async function measure(
  context: BenchContext,
  database: TestDatabase,
  label: string,
  extraEnv: Record<string, string>,
): Promise<Measured> {
  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: jwtSecret,
    ADMIN_EMAILS: admin,
    HOST: '127.0.0.1',
    COMMAND_PORT: String(await freePort()),
    RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
    ...extraEnv,
  };
  const processes: ServiceProcess[] = [];
  try {
    // Each server's Postgres backends carry its name (the CPU split below tells them apart).
    const named = (name: string) => {
      const url = new URL(database.url);
      url.searchParams.set('application_name', name);
      return { ...env, DATABASE_URL: url.toString() };
    };
    const service = await startServiceProcess(
      '@building/command-service/main',
      named('command-service'),
      /listening on (http:\/\/[^\s"]+)/,
      context.progress,
    );
    processes.push(service);
    const projector = await startServiceProcess(
      '@building/projector/main',
      named('projector'),
      /running/,
      context.progress,
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
    const addCoupon = (prefix: string) => [
      {
        method: 'POST',
        path: '/addCoupon',
        headers,
        body: JSON.stringify({ code: `${prefix}{n}`, discount: 10, description: 'Bench coupon' }),
      },
    ];
    // Codes of their own per run: a run repeating another's codes would measure refusals.
    const tag = `${label.toUpperCase()}${++runs}`;
    // The first run right after the start, with no warm-up: what the first users after a start meet.
    context.progress(`instrumentation ${label}: first ${durationMs / 1000} s after the start`);
    const first = await httpLoad({
      url: service.ready,
      clients,
      durationMs,
      requests: addCoupon(`FIRST${tag}`),
    });
    // A refused admin would make the figures a measure of refusals: stop instead.
    if (first.requests > 0 && failures(first) === first.requests)
      throw new Error(`the first run was refused: ${describeStatuses(first.statuses)}`);
    context.progress(`instrumentation ${label}: steady, ${clients} clients for ${durationMs / 1000} s`);
    const cpu = await startCpuSplit(database.db, {
      'command-service': service.pid,
      projector: projector.pid,
    });
    const result = await httpLoad({
      url: service.ready,
      clients,
      durationMs,
      requests: addCoupon(`BENCH${tag}`),
    });
    const cpuSplit = await cpu.stop();
    const lastPosition = Number(
      (await database.db('events').max('position as p').first<{ p: string }>())?.p ?? 0,
    );
    const loadEnded = performance.now();
    let applied = await highestApplied(database.db);
    while (applied < lastPosition && performance.now() - loadEnded < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      applied = await highestApplied(database.db);
    }
    const projectorAlive = processes.every((p) => p.exited() === null);
    const figures: Figure[] = [
      {
        metric: 'commands/s, first 10 s after the start',
        value: first.perSecond,
        unit: '/s',
        target: { atLeast: 4000 },
        note: `${first.requests} POST /addCoupon, no warm-up, instrumentation ${label}`,
      },
      ...latencyFigures('command (first 10 s)', first, 20),
      {
        metric: 'commands/s',
        value: result.perSecond,
        unit: '/s',
        target: { atLeast: 4000 },
        note: `${result.requests} POST /addCoupon, ${clients} clients, instrumentation ${label}, projector ${projectorAlive ? 'running' : 'DIED'}`,
      },
      ...latencyFigures('command', result, 20),
      {
        metric: 'projector behind after the load',
        value: performance.now() - loadEnded,
        unit: 'ms',
        note:
          applied >= lastPosition
            ? `every projection reached position ${lastPosition}`
            : `still at ${applied} of ${lastPosition} after 60 s`,
      },
      ...cpuFigures(cpuSplit, result.requests),
    ];
    const servers = serversSeconds(cpuSplit);
    return {
      figures,
      perSecond: result.perSecond,
      p99: result.latency.p99,
      non2xx: failures(first) + failures(result),
      serverMicros: (servers / Math.max(1, result.requests)) * 1e6,
    };
  } finally {
    for (const process of processes.reverse()) await process.stop();
  }
}

const clientsLabel = 'load clients (this process)';

/** The CPU seconds of the services and their Postgres backends: the split without the load clients. */
const serversSeconds = (split: Map<string, number>) =>
  [...split].filter(([label]) => label !== clientsLabel).reduce((sum, [, seconds]) => sum + seconds, 0);

/**
 * The CPU split per command. Every part swells with the neighbours' load on a shared machine, the
 * load clients' too, and their code is the same in any A/B: within one window, compare runs by the
 * servers' sum as a multiple of the clients' cost.
 */
function cpuFigures(split: Map<string, number>, commands: number): Figure[] {
  const perCommand = (seconds: number) => (seconds / Math.max(1, commands)) * 1e6;
  const figures = [...split].map(([label, seconds], i): Figure => ({
    metric: `CPU per command: ${label}`,
    value: perCommand(seconds),
    unit: 'us',
    note: i === 0 ? 'CPU seconds used during the load (/proc), divided by the commands done' : undefined,
  }));
  const clients = split.get(clientsLabel);
  if (!clients) return figures;
  const servers = serversSeconds(split);
  figures.push({
    metric: 'CPU per command: servers / load clients',
    value: servers / clients,
    unit: 'x',
    note: `servers and their Postgres ${Math.round(perCommand(servers))} us per command in all`,
  });
  return figures;
}
