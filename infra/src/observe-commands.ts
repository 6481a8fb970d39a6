import type { CommandObserver } from '@building/domain/command-handling/command-observer';
import { logCommands } from './logging/log-commands.ts';
import type { Logger } from './logging/logger.ts';
import { countCommands } from './metrics/count-commands.ts';
import { traceCommands } from './tracing/trace-commands.ts';

/** Every observer a service's commands go through: traced (innermost), counted, logged. */
export function observeCommands(options: { logger?: Logger }): CommandObserver {
  const observers = [traceCommands, countCommands, ...(options.logger ? [logCommands(options.logger)] : [])];
  return {
    observe: (command, meta, handle) =>
      observers.reduce<typeof handle>(
        (inner, observer) => () => observer.observe(command, meta, inner),
        handle,
      )(),
  };
}
