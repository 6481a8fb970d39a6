/**
 * `npm run kafka -- fetch|start|stop|status`: the local Kafka broker of the distributed mode.
 *   fetch   download the broker's jars from Maven Central into .cache/kafka (CI warms this)
 *   start   run a broker on 127.0.0.1:$KAFKA_PORT (9092), data in .data/kafka, until Ctrl-C
 *   stop    stop the broker that `start` runs in another shell
 *   status  say whether it runs and answers
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ensureTopics } from '@building/infra/kafka/ensure-topics';
import { createKafka } from '@building/infra/kafka/kafka-client';
import { fetchKafka, kafkaVersion, repoRoot, startKafkaBroker } from '@building/kafka-broker/broker';

const dataDir = join(repoRoot, '.data', 'kafka');
const pidFile = join(repoRoot, '.data', 'kafka.pid');
const pidSchema = z.object({
  pid: z.number().int(),
  javaPid: z.number().int(),
  brokers: z.array(z.string()),
});
type PidInfo = z.infer<typeof pidSchema>;
const log = (line: string) => console.log(`[kafka] ${line}`);

const commands: Record<string, () => Promise<number>> = {
  async fetch() {
    const libs = await fetchKafka({ onProgress: log });
    log(`Kafka ${kafkaVersion} jars in ${libs}`);
    return 0;
  },

  async start() {
    const running = readPidFile();
    if (running && isAlive(running.pid)) {
      log(`already running (pid ${running.pid}) at ${running.brokers.join(',')}`);
      return 1;
    }
    const port = z.coerce
      .number()
      .int()
      .min(1)
      .max(65535)
      .parse(process.env.KAFKA_PORT ?? 9092);
    const broker = await startKafkaBroker({ port, dataDir, onProgress: log });
    writePidFile({ pid: process.pid, javaPid: broker.pid, brokers: broker.brokers });
    const topics = await ensureTopics(broker.brokers);
    log(`topics: ${topics.join(', ')}`);
    log(`Kafka ${broker.version} runs at ${broker.brokers.join(',')} (data in ${dataDir}); Ctrl-C stops it`);

    let stopping = false;
    const shutdown = async () => {
      if (stopping) return;
      stopping = true;
      log('stopping...');
      await broker.stop();
    };
    process.on('SIGINT', () => void shutdown());
    process.on('SIGTERM', () => void shutdown());
    const code = await broker.exited;
    removePidFile();
    if (stopping) {
      log('stopped');
      return 0;
    }
    log(`the broker exited on its own (code ${code}): see ${join(dataDir, 'server.log')}`);
    return 1;
  },

  async stop() {
    const running = readPidFile();
    if (!running) {
      log('not running (no pid file)');
      return 0;
    }
    // The CLI stops its JVM; a JVM orphaned by a killed CLI is stopped directly.
    for (const pid of [running.pid, running.javaPid]) {
      if (!isAlive(pid) || (pid === running.javaPid && !isKafkaJvm(pid))) continue;
      process.kill(pid, 'SIGTERM');
      if (!(await waitForExit(pid, 40_000))) {
        log(`pid ${pid} did not stop within 40 s`);
        return 1;
      }
    }
    removePidFile();
    log('stopped');
    return 0;
  },

  async status() {
    const running = readPidFile();
    const brokers = running?.brokers ?? [`127.0.0.1:${process.env.KAFKA_PORT ?? 9092}`];
    const kafka = createKafka({ brokers, clientId: 'building-kafka-status', retries: 0, quiet: true });
    try {
      const cluster = await kafka.admin().describeCluster();
      const topics = await kafka.admin().listTopics();
      const owner = running && isAlive(running.pid) ? `pid ${running.pid}` : 'not started by this CLI';
      log(
        `running at ${brokers.join(',')} (${owner}), cluster ${cluster.clusterId}, ${topics.length} topics`,
      );
      return 0;
    } catch {
      log(`not answering at ${brokers.join(',')}`);
      return 3;
    } finally {
      await kafka.disconnect();
    }
  },
};

function readPidFile(): PidInfo | undefined {
  if (!existsSync(pidFile)) return undefined;
  try {
    const parsed = pidSchema.safeParse(JSON.parse(readFileSync(pidFile, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function writePidFile(info: PidInfo): void {
  mkdirSync(join(repoRoot, '.data'), { recursive: true });
  writeFileSync(pidFile, `${JSON.stringify(info)}\n`);
}

function removePidFile(): void {
  rmSync(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Guards against a recycled pid: only a JVM running kafka.Kafka is ours to stop. */
function isKafkaJvm(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('kafka.Kafka');
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

const name = process.argv[2] ?? '';
const command = commands[name];
if (!command) {
  console.error('usage: npm run kafka -- fetch|start|stop|status');
  process.exit(2);
}
command().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[kafka] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
