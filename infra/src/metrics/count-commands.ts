import type { CommandObserver } from '@building/domain/command-handling/command-observer';
import { outcomeOf } from '../logging/command-outcome.ts';
import { commandsTotal } from './metrics.ts';

/**
 * Counts every command at the handler door into building_commands_total: the command as its
 * decider names it (`AcceptAgreement`), the outcome `ok`, the refusal's code, or `error` for a
 * failure that is ours (the store down, a bug).
 */
export const countCommands: CommandObserver = {
  async observe(command, _meta, handle) {
    try {
      const result = await handle();
      commandsTotal.inc({ command, outcome: 'ok' });
      return result;
    } catch (error) {
      commandsTotal.inc({ command, outcome: outcomeOf(error) });
      throw error;
    }
  },
};
