import type { CommandObserver } from '@building/domain/command-handling/command-observer';
import { DomainError } from '@building/events/domain-error';
import { commandsTotal } from './metrics.ts';

/**
 * Counts every command at the handler door into building_commands_total: the command as its
 * decider names it (`AcceptAgreement`), the outcome `ok`, the refusal's code, or `error` for a
 * failure that is ours (the store down, a bug).
 */
export const countCommands: CommandObserver = {
  async observe(command, handle) {
    try {
      const result = await handle();
      commandsTotal.inc({ command, outcome: 'ok' });
      return result;
    } catch (error) {
      commandsTotal.inc({ command, outcome: error instanceof DomainError ? error.code : 'error' });
      throw error;
    }
  },
};
