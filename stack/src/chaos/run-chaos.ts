import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signAccessToken } from '@building/infra/auth/access-token';
import { ensureTopics } from '@building/infra/kafka/ensure-topics';
import { createKafka } from '@building/infra/kafka/kafka-client';
import { createTestDatabase } from '@building/infra/testing/test-database';
import {
  checkWrites,
  parkedEvents,
  viewsUnlikeRebuild,
  waitForCatchUp,
  waitForConsumed,
} from './chaos-checks.ts';
import { startRestartableBroker, startRestartableRedis } from './chaos-infra.ts';
import { answered, sendLoad, type SentCommand } from './chaos-load.ts';
import { chaosAdmin, chaosJwtSecret, startChaosStack, type ChaosStack } from './chaos-stack.ts';
import { startDuplicating } from './duplicate-deliveries.ts';
import { seededRandom } from './malformed-requests.ts';

export const faultKinds = [
  'projector killed',
  'broker restarted',
  'duplicate deliveries',
  'Redis down and up',
  'command-service killed',
] as const;
export type FaultKind = (typeof faultKinds)[number];

/** How often each fault is drawn for a run (at least one is, always). */
const chance: Record<FaultKind, number> = {
  'projector killed': 0.35,
  'broker restarted': 0.12,
  'duplicate deliveries': 0.5,
  'Redis down and up': 0.3,
  'command-service killed': 0.3,
};

export interface ChaosRun {
  run: number;
  faults: FaultKind[];
  sent: number;
  answered: number;
  lost: string[];
  doubled: string[];
  parked: number;
  /** View tables unlike a fresh rebuild. */
  unlike: string[];
  duplicates: number;
  error?: string;
}

export interface ChaosSummary {
  runs: ChaosRun[];
  faults: Record<FaultKind, number>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `runs` seeded chaos runs against one distributed stack kept up across them (a fresh database,
 * a Kafka broker, a Redis and the servers of its own): each run sends a few seconds of commands,
 * injects its faults mid-load, waits until everything is back and caught up, then checks that every
 * 2xx command's event is stored exactly once, nothing is parked, and every view equals a rebuild.
 */
export async function runChaos(options: {
  seed: number;
  runs: number;
  loadMs?: number;
  log?: (line: string) => void;
}): Promise<ChaosSummary> {
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed);
  const database = await createTestDatabase('chaos');
  const kafkaDir = mkdtempSync(join(tmpdir(), 'building-chaos-kafka-'));
  const stops: Array<() => Promise<unknown>> = [
    () => database.drop(),
    async () => rmSync(kafkaDir, { recursive: true, force: true }),
  ];
  const summary: ChaosSummary = {
    runs: [],
    faults: Object.fromEntries(faultKinds.map((k) => [k, 0])) as Record<FaultKind, number>,
  };
  try {
    const broker = await startRestartableBroker(kafkaDir);
    stops.unshift(() => broker.stop());
    const redis = await startRestartableRedis();
    stops.unshift(() => redis.down());
    await ensureTopics(broker.brokers);
    log(`chaos: Kafka at ${broker.brokers.join(',')}, Redis at ${redis.url}; starting the servers`);
    const stack = await startChaosStack({
      databaseUrl: database.url,
      kafkaBrokers: broker.brokers,
      redisUrl: redis.url,
    });
    stops.unshift(() => stack.stop());
    const kafka = createKafka({ brokers: broker.brokers, clientId: 'building-chaos', quiet: true });
    stops.unshift(() => kafka.disconnect());
    await registerAdmin(stack.commandUrl);

    for (let run = 1; run <= options.runs; run++) {
      const faults = faultKinds.filter((kind) => random() < chance[kind]);
      if (faults.length === 0) faults.push(faultKinds[Math.floor(random() * faultKinds.length)]!);
      for (const kind of faults) summary.faults[kind]++;
      const result: ChaosRun = {
        run,
        faults,
        sent: 0,
        answered: 0,
        lost: [],
        doubled: [],
        parked: 0,
        unlike: [],
        duplicates: 0,
      };
      summary.runs.push(result);
      const started = Date.now();
      let depositCommands = '';
      try {
        const loadMs = options.loadMs ?? 3000;
        const [last] = await database.db('events').max<{ p: string | null }[]>('position as p');
        const duplicating = faults.includes('duplicate deliveries')
          ? startDuplicating({
              db: database.db,
              kafka,
              fromPosition: Number(last?.p ?? 0),
              share: 0.1,
              random: seededRandom(options.seed * 1000 + run),
            })
          : undefined;
        let sent: SentCommand[];
        try {
          // Settled, not raced: a fault that fails mid-load is reported after the load, not lost.
          const injected = Promise.allSettled(
            faults.map(async (kind) => {
              await pause(loadMs * (0.15 + 0.55 * random()));
              await inject(kind, { stack, broker, redis, random });
            }),
          );
          sent = await sendLoad({
            commandUrl: stack.commandUrl,
            run,
            seed: options.seed * 1000 + run,
            durationMs: loadMs,
            clients: 4,
          });
          result.sent = sent.length;
          result.answered = sent.filter(answered).length;
          const deposits = sent.filter((c) => c.kind === 'deposit');
          depositCommands = ` (deposit ${deposits.filter(answered).length}/${deposits.length})`;
          for (const outcome of await injected) if (outcome.status === 'rejected') throw outcome.reason;
          await stack.allUp(120_000);
          await waitForCatchUp(database.db, 120_000);
        } finally {
          result.duplicates = (await duplicating?.stop()) ?? 0;
        }
        await waitForConsumed(kafka, 120_000);
        const writes = await checkWrites(database.db, sent);
        Object.assign(result, { lost: writes.lost, doubled: writes.doubled });
        result.parked = await parkedEvents(database.db);
        result.unlike = await viewsUnlikeRebuild(database.db);
      } catch (error) {
        result.error = (error as Error).message;
        log(`chaos: run ${run} failed: ${result.error}\n${stack.said.slice(-15).join('\n')}`);
      }
      log(
        `chaos: run ${run}/${options.runs} [${faults.join(', ')}] ${result.answered}/${result.sent} answered${depositCommands}, ` +
          `${result.lost.length} lost, ${result.doubled.length} doubled, ${result.parked} parked, ` +
          `views ${result.unlike.length || result.error ? 'UNLIKE' : 'equal'} a rebuild ` +
          `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      if (result.error && /still down|not caught up/.test(result.error)) break;
    }
  } finally {
    for (const stop of stops) await stop().catch((error: Error) => log(`chaos: stopping: ${error.message}`));
  }
  return summary;
}

async function inject(
  kind: FaultKind,
  parts: {
    stack: ChaosStack;
    broker: { restart(): Promise<void> };
    redis: { up(): Promise<void>; down(): Promise<void> };
    random: () => number;
  },
): Promise<void> {
  const kill = (name: string) => {
    const pid = parts.stack.server(name).pid();
    if (pid !== undefined) process.kill(pid, 'SIGKILL');
  };
  switch (kind) {
    case 'projector killed':
      return kill(parts.random() < 0.5 ? 'projector-1' : 'projector-2');
    case 'command-service killed':
      return kill('command-service');
    case 'broker restarted':
      return parts.broker.restart();
    case 'Redis down and up':
      await parts.redis.down();
      await pause(500 + 1500 * parts.random());
      return parts.redis.up();
    case 'duplicate deliveries':
      return; // the duplicator runs for the whole load
  }
}

/** The admin's own profile, as the first sign-in records it. */
async function registerAdmin(commandUrl: string): Promise<void> {
  const token = await signAccessToken(
    { email: chaosAdmin, uid: 'chaos-admin', emailVerified: true },
    chaosJwtSecret,
    600,
  );
  const response = await fetch(`${commandUrl}/users/${chaosAdmin}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Chaos Admin' }),
  });
  if (!response.ok) throw new Error(`chaos set-up: registering the admin answered ${response.status}`);
}
