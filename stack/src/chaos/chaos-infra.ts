import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { startKafkaBroker, type KafkaBroker } from '@building/kafka-broker/broker';
import { freePort } from '@building/ports/ports';

/**
 * A Kafka broker of the chaos session's own, on a fixed port and data folder, so it can be stopped
 * and started again under the running services (they reconnect to the same address).
 */
export async function startRestartableBroker(dataDir: string) {
  const port = await freePort();
  let broker: KafkaBroker = await startKafkaBroker({ port, dataDir });
  return {
    brokers: broker.brokers,
    async restart() {
      await broker.stop();
      broker = await startKafkaBroker({ port, dataDir });
    },
    stop: () => broker.stop(),
  };
}

/**
 * A redis-server of the chaos session's own (no persistence), so taking it down disturbs nobody
 * else's. `down()` kills it; `up()` starts it again on the same port.
 */
export async function startRestartableRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const up = async () => {
    const current = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = current;
    const failed = new Promise<never>((_, reject) => {
      current.once('error', reject);
      current.once('exit', (code) => reject(new Error(`redis-server exited (code ${code}) while starting`)));
    });
    await Promise.race([failed, untilAccepting(port)]);
  };
  const down = async () => {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };
  process.once('exit', () => child?.kill('SIGKILL'));
  await up();
  return { url: `redis://127.0.0.1:${port}`, up, down };
}

async function untilAccepting(port: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (accepted) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not accept connections on port ${port} within 10 s`);
}
