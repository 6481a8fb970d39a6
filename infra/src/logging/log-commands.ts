import type { CommandObserver } from '@building/domain/command-handling/command-observer';
import { outcomeOf } from './command-outcome.ts';
import type { Logger } from './logger.ts';

/**
 * Logs every command at the handler door with its correlation id (which its events carry to the
 * projector, the mailer and the live updates) and, inside a request, the request's id: the line
 * that joins a request to everything its command caused. Refusals are info, our failures errors.
 */
export const logCommands = (logger: Logger): CommandObserver => ({
  async observe(command, meta, handle) {
    const fields = { command, correlationId: meta.correlationId };
    try {
      const result = await handle();
      logger.info({ ...fields, outcome: 'ok', ...positionOf(result) }, 'command');
      return result;
    } catch (error) {
      const outcome = outcomeOf(error);
      if (outcome === 'error') logger.error({ ...fields, outcome, err: error }, 'command failed');
      else logger.info({ ...fields, outcome }, 'command refused');
      throw error;
    }
  },
});

const positionOf = (result: unknown) =>
  typeof result === 'object' && result !== null && 'position' in result ? { position: result.position } : {};
