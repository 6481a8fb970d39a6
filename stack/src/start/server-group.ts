import { startSupervised, type ServerSpec, type SupervisedServer } from '../supervisor/supervised-server.ts';
import { readableLine } from '@building/infra/logging/readable-line';
import type { StackOptions } from './stack-options.ts';

/** The servers the start has brought up, its timed steps, and the way to stop them all. */
export interface ServerGroup {
  /** In start order (a test can find a pid to kill). */
  servers: SupervisedServer[];
  /** What the supervisor says. */
  say(line: string): void;
  /** Runs a step, then says its name and how long it took (and stops there when aborted). */
  step<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** Starts one server under the supervisor. */
  run(spec: ServerSpec): Promise<SupervisedServer>;
  /** Starts these servers together, each as its own step. */
  runAll(specs: readonly ServerSpec[]): Promise<void>;
  /** Stops every server, in reverse start order. */
  stop(): Promise<void>;
}

export function serverGroup(options: Pick<StackOptions, 'log' | 'output' | 'signal' | 'env'>): ServerGroup {
  const log = options.log ?? (() => {});
  const started = Date.now();
  // The servers log JSON lines: shown as prefixed text, or as they are with LOG_FORMAT=json.
  const raw = options.env?.LOG_FORMAT === 'json';
  const supervisorLog = {
    output:
      options.output ??
      ((name: string, line: string, stream: 'stdout' | 'stderr') =>
        (stream === 'stderr' ? process.stderr : process.stdout).write(
          raw ? `${line}\n` : `[${name}] ${readableLine(line)}\n`,
        )),
    say: log,
  };
  const servers: SupervisedServer[] = [];
  const group: ServerGroup = {
    servers,
    say: log,
    async step(name, run) {
      const t = Date.now();
      const result = await run();
      options.signal?.throwIfAborted();
      log(
        `${name} (${((Date.now() - t) / 1000).toFixed(1)} s, at ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      return result;
    },
    async run(spec) {
      const server = await startSupervised(spec, supervisorLog);
      servers.push(server);
      return server;
    },
    async runAll(specs) {
      await allStarted(specs.map((spec) => group.step(`${spec.name} ready`, () => group.run(spec))));
    },
    async stop() {
      for (const server of servers.splice(0).reverse()) {
        try {
          await server.stop();
        } catch (error) {
          log(`stopping ${server.name} failed: ${(error as Error).message}`);
        }
      }
    },
  };
  return group;
}

/** Like Promise.all, but settles only when every start has (so a failure leaves nothing starting unseen). */
export async function allStarted<T extends readonly unknown[]>(
  starts: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled: Array<PromiseSettledResult<unknown>> = await Promise.allSettled(starts);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
