import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newClusterId } from './cluster-id.ts';
import { freePort, isPortFree } from '@building/ports/ports';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const pomPath = fileURLToPath(new URL('../pom.xml', import.meta.url));

/** The Kafka version the pom pins (one place to change it). */
export const kafkaVersion: string = (() => {
  const match = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(readFileSync(pomPath, 'utf8'));
  if (!match?.[1]) throw new Error(`${pomPath} has no <kafka.version>`);
  return match[1];
})();

export const defaultLibsDir = join(repoRoot, '.cache', 'kafka', kafkaVersion, 'libs');

export interface KafkaBroker {
  brokers: string[];
  version: string;
  /** The broker's JVM process id. */
  pid: number;
  /** Resolves with the exit code when the JVM exits, whether stopped or crashed. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface StartKafkaBrokerOptions {
  port: number;
  dataDir: string;
  /** Where the broker's jars are cached; default `<repo>/.cache/kafka/<version>/libs`. */
  cacheDir?: string;
  onProgress?: (line: string) => void;
}

/**
 * Fetches the broker's jars from Maven Central (through `mvn` and tools/kafka-broker/pom.xml) unless
 * cached. Downloads into a temporary sibling and renames it, so a crash never leaves a half cache.
 */
export async function fetchKafka(options: { cacheDir?: string; onProgress?: (line: string) => void } = {}) {
  const libs = options.cacheDir ?? defaultLibsDir;
  if (existsSync(join(libs, `kafka_2.13-${kafkaVersion}.jar`))) return libs;
  options.onProgress?.(`fetching Kafka ${kafkaVersion} from Maven Central...`);
  mkdirSync(dirname(libs), { recursive: true });
  const temporary = `${libs}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await run('mvn', [
      '-q',
      '-B',
      '-f',
      pomPath,
      'dependency:copy-dependencies',
      `-DoutputDirectory=${temporary}`,
      '-DincludeScope=runtime',
    ]);
    try {
      renameSync(temporary, libs);
    } catch (error) {
      // Another process finished the same download first: keep its copy.
      if (!existsSync(libs)) throw error;
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  options.onProgress?.(`Kafka ${kafkaVersion} cached in ${libs}`);
  return libs;
}

/**
 * Runs a real single-node KRaft broker (broker + controller in one JVM) on 127.0.0.1:`port`, data
 * in `dataDir` (formatted once, then reused across restarts). `stop()` shuts it down cleanly.
 */
export async function startKafkaBroker(options: StartKafkaBrokerOptions): Promise<KafkaBroker> {
  const progress = options.onProgress ?? (() => {});
  const libs = await fetchKafka({ cacheDir: options.cacheDir, onProgress: progress });
  if (!(await isPortFree(options.port))) {
    throw new Error(`port ${options.port} is already in use: is a Kafka broker already running there?`);
  }
  const controllerPort = await freePort();
  const logDir = join(options.dataDir, 'kafka-logs');
  const files = {
    config: join(options.dataDir, 'server.properties'),
    log4j: join(options.dataDir, 'log4j.properties'),
    log: join(options.dataDir, 'server.log'),
  };
  mkdirSync(logDir, { recursive: true });
  writeFileSync(files.config, serverProperties(options.port, controllerPort, logDir));
  writeFileSync(files.log4j, log4jProperties);
  const classpath = `${libs}/*`;

  if (!existsSync(join(logDir, 'meta.properties'))) {
    progress(`formatting KRaft storage in ${logDir}...`);
    const clusterId = newClusterId();
    await run('java', [
      '-cp',
      classpath,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      clusterId,
      '-c',
      files.config,
    ]);
  }

  progress(`starting Kafka ${kafkaVersion} on 127.0.0.1:${options.port} (log: ${files.log})...`);
  const logFd = openSync(files.log, 'a');
  const child = spawn(
    'java',
    [
      '-Xms256m',
      '-Xmx512m',
      '-XX:+UseG1GC',
      // The client JIT only: a broker started for a test, a bench or a development stack spent more
      // CPU in the optimizing JIT's threads than in serving requests while it warmed up (see the
      // benchmarks README), and the light load it serves needs no optimized code.
      '-XX:TieredStopAtLevel=1',
      '-XX:+ExitOnOutOfMemoryError',
      '-Djava.awt.headless=true',
      `-Dlog4j.configuration=file:${files.log4j}`,
      '-cp',
      classpath,
      'kafka.Kafka',
      files.config,
    ],
    { stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A parent that exits without stop() must not leave an orphan JVM holding the port.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const brokers = [`127.0.0.1:${options.port}`];
  try {
    await waitUntilReady(options.port, child, exited, files.log);
  } catch (error) {
    await stopChild(child, exited);
    process.removeListener('exit', killOnExit);
    throw error;
  }
  progress(`Kafka ${kafkaVersion} ready at ${brokers.join(',')}`);
  return {
    brokers,
    version: kafkaVersion,
    pid: child.pid ?? 0,
    exited,
    async stop() {
      await stopChild(child, exited);
      process.removeListener('exit', killOnExit);
    },
  };
}

function serverProperties(port: number, controllerPort: number, logDir: string): string {
  const settings: Record<string, string | number> = {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
    listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'log.dirs': logDir,
    'num.partitions': 1,
    'default.replication.factor': 1,
    'offsets.topic.replication.factor': 1,
    'offsets.topic.num.partitions': 10,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'transaction.state.log.num.partitions': 10,
    'min.insync.replicas': 1,
    'auto.create.topics.enable': 'false',
    'delete.topic.enable': 'true',
    // Infinite retention: auditors replay the log from offset 0 (docs/architecture.md §3).
    'log.retention.ms': -1,
    'log.retention.bytes': -1,
    // Tests start and stop consumer groups constantly; no reason to wait for more members.
    'group.initial.rebalance.delay.ms': 0,
    'num.network.threads': 2,
    'num.io.threads': 4,
  };
  return `${Object.entries(settings)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`;
}

const log4jProperties = `log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.log.LogCleaner=WARN
log4j.logger.org.apache.kafka.storage.internals.log=WARN
`;

/**
 * Ready when the broker logs that it started and its listener accepts connections. (Topic creation
 * and the client's own readiness checks live with the Kafka client in infra.)
 */
async function waitUntilReady(
  port: number,
  child: ChildProcess,
  exited: Promise<number | null>,
  logFile: string,
): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exitCode !== undefined || child.exitCode !== null) {
      throw new Error(
        `Kafka exited (code ${exitCode ?? child.exitCode}) while starting:\n${tail(logFile, 30)}`,
      );
    }
    if (tail(logFile, 400).includes('Kafka Server started') && (await accepts(port))) return;
    if (Date.now() > deadline) throw new Error(`Kafka did not answer within 120 s:\n${tail(logFile, 30)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Runs a command to completion; rejects with its output when it fails. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`'${command}' is not installed (needed to fetch and run Kafka)`)
          : error,
      ),
    );
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output.trim()}`)),
    );
  });
}
