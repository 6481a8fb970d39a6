import { fileURLToPath } from 'node:url';
import { freePort } from '@building/ports/ports';
import { entries } from '../server-entries.ts';
import { answersHttp, logsLine } from '../supervisor/readiness.ts';
import { startSupervised, type ServerSpec, type SupervisedServer } from '../supervisor/supervised-server.ts';

export const chaosJwtSecret = 'chaos-secret-chaos-secret-chaos-secret-01';
export const chaosAdmin = 'admin@building.test';

export interface ChaosStack {
  commandUrl: string;
  queryUrl: string;
  /** By name: command-service, outbox-relay, projector-1, projector-2, query-service. */
  server(name: string): SupervisedServer;
  /** Resolves once every server is up (the supervisor has restarted what was killed). */
  allUp(timeoutMs: number): Promise<void>;
  /** What the supervisor said (crashes, restarts) and the servers' error lines, newest last. */
  said: string[];
  stop(): Promise<void>;
}

/**
 * The distributed mode's servers as the supervisor runs them, each its own OS process: the
 * command-service (outbox on, relay off), the outbox relay, two projectors in one consumer group
 * and the query-service, over the session's database, Kafka broker and Redis. A server killed by a
 * fault is restarted by the supervisor after 1 s (it counts as stable again after 5 s up).
 */
export async function startChaosStack(options: {
  databaseUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
}): Promise<ChaosStack> {
  const host = '127.0.0.1';
  const [commandPort, queryPort] = [await freePort(), await freePort()];
  const url = (port: number) => `http://${host}:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_COMPILE_CACHE: fileURLToPath(new URL('../../../.cache/node-compile', import.meta.url)),
    DATABASE_URL: options.databaseUrl,
    KAFKA_BROKERS: options.kafkaBrokers.join(','),
    REDIS_URL: options.redisUrl,
    // A killed projector's partitions move to the other one after 10 s, not kafkajs's 30.
    KAFKA_SESSION_TIMEOUT_MS: '10000',
    HOST: host,
    COMMAND_PORT: String(commandPort),
    QUERY_PORT: String(queryPort),
    COMMAND_PUBLIC_URL: url(commandPort),
    QUERY_PUBLIC_URL: url(queryPort),
    JWT_SECRET: chaosJwtSecret,
    ADMIN_EMAILS: chaosAdmin,
    // One admin sends most of the load: the write limit is not what this run is about.
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    RATE_LIMIT_READS_PER_MINUTE: '1000000',
  };
  const down = new Set<string>();
  const said: string[] = [];
  const note = (line: string) => {
    said.push(line);
    if (said.length > 500) said.shift();
  };
  const log = {
    say(line: string) {
      note(line);
      const name = /^(\S+) (exited|is back|did not answer)/.exec(line)?.[1];
      if (name && line.includes(' is back')) down.delete(name);
      else if (name) down.add(name);
    },
    output(name: string, line: string, stream: 'stdout' | 'stderr') {
      if (stream === 'stderr') note(`[${name}] ${line}`);
    },
  };
  const spec = (
    name: string,
    entry: string,
    ready: ServerSpec['ready'],
    extra: Record<string, string> = {},
  ) => ({
    name,
    entry,
    env: { ...env, ...extra },
    ready,
    stableMs: 5_000,
    stopTimeoutMs: 10_000,
  });
  const specs: ServerSpec[] = [
    spec('command-service', entries.command, answersHttp(`${url(commandPort)}/`), { OUTBOX_RELAY: 'off' }),
    spec('outbox-relay', entries.relay, logsLine(/relaying/)),
    spec('projector-1', entries.projector, logsLine(/\[projector\] running/)),
    spec('projector-2', entries.projector, logsLine(/\[projector\] running/)),
    spec('query-service', entries.query, answersHttp(`${url(queryPort)}/health`)),
  ];
  const servers: SupervisedServer[] = [];
  const stop = async () => {
    for (const server of servers.splice(0).reverse()) await server.stop().catch(() => undefined);
  };
  try {
    // The command-service migrates the store first; the others then start together.
    servers.push(await startSupervised(specs[0]!, log));
    const rest = await Promise.allSettled(specs.slice(1).map((s) => startSupervised(s, log)));
    for (const result of rest) if (result.status === 'fulfilled') servers.push(result.value);
    for (const result of rest) if (result.status === 'rejected') throw result.reason;
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    commandUrl: url(commandPort),
    queryUrl: url(queryPort),
    said,
    server(name) {
      const found = servers.find((s) => s.name === name);
      if (!found) throw new Error(`no server named ${name}`);
      return found;
    },
    async allUp(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (down.size > 0) {
        if (Date.now() > deadline)
          throw new Error(`still down after ${timeoutMs / 1000} s: ${[...down].join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop,
  };
}
