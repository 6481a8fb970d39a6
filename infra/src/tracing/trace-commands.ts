import type { CommandObserver } from '@building/domain/command-handling/command-observer';
import { inSpan } from './tracing.ts';

/** A span per command (its loads, decision, retries and append), named as its decider names it. */
export const traceCommands: CommandObserver = {
  observe: (command, meta, handle) =>
    inSpan(`command ${command}`, () => handle(), { attributes: { 'correlation.id': meta.correlationId } }),
};
