import { createLogger, type Logger } from '../logging/logger.ts';
import { startTracing } from '../tracing/tracing.ts';

/** What a server's start gives back: the line it says once up, and how to stop it cleanly. */
export interface Started {
  /** Said once started, after `[name] ` (the supervisor and the bench wait for it). */
  said: string;
  stop(): Promise<void>;
}

/** A reason not to start that the operator fixes (a missing setting): one line, exit code 2. */
export class CannotStart extends Error {}

/** The parts of `process` a main uses (a test hands in its own). */
export interface ProcessHost {
  onSignal(signal: 'SIGINT' | 'SIGTERM', handler: () => void): void;
  exit(code: number): void;
  /** What the server `name` says (a structured log line, see logging/logger.ts). */
  log(name: string, line: string): void;
  error(name: string, line: string, error?: unknown): void;
}

const loggers = new Map<string, Logger>();
// A server's start and stop lines are said whatever LOG_LEVEL is: the supervisor waits for them.
const loggerOf = (name: string) =>
  loggers.get(name) ?? loggers.set(name, createLogger(name, undefined, { level: 'info' })).get(name)!;

const nodeProcess: ProcessHost = {
  onSignal: (signal, handler) => process.once(signal, handler),
  exit: (code) => process.exit(code), // pino flushes its lines on exit
  log: (name, line) => loggerOf(name).info(line),
  error: (name, line, error) =>
    error === undefined ? loggerOf(name).error(line) : loggerOf(name).error({ err: error }, line),
};

/**
 * A server's process, the same for every entrypoint: start it and say so; on SIGINT or SIGTERM
 * (the supervisor, docker, Ctrl-C) stop it once and exit 0, or 1 when the stop fails. A start
 * that fails exits 1 with the error, or 2 with one line for a CannotStart.
 */
export async function runMain(
  name: string,
  start: () => Promise<Started>,
  host: ProcessHost = nodeProcess,
): Promise<void> {
  let started: Started;
  // Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set; stopped (its last spans sent) after the server.
  const tracing = startTracing(name);
  try {
    started = await start();
  } catch (error) {
    if (error instanceof CannotStart) host.error(name, error.message);
    else host.error(name, 'could not start', error);
    host.exit(error instanceof CannotStart ? 2 : 1);
    return;
  }
  host.log(name, started.said);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    started
      .stop()
      .then(() => tracing.stop())
      .then(
        () => host.exit(0),
        (error: unknown) => {
          host.error(name, 'stop failed', error);
          host.exit(1);
        },
      );
  };
  host.onSignal('SIGINT', stop);
  host.onSignal('SIGTERM', stop);
}
