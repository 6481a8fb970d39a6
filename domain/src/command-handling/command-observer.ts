import type { CommandMetadata } from '@building/events/envelope';

/**
 * What watches every command at the handler door (metrics, traces): the services hand one in
 * through the command context, so seeding, the scheduler and the payment workflow are seen as
 * the routes are, and the rules know nothing of the libraries that count or trace.
 */
export interface CommandObserver {
  /** Runs one command's handling (load, decide, append and any retries), seeing how it ends. */
  observe<T>(command: string, meta: CommandMetadata, handle: () => Promise<T>): Promise<T>;
}

/** The default: nothing watches, nothing is added to a command's cost. */
export const unobserved: CommandObserver = { observe: (_command, _meta, handle) => handle() };
