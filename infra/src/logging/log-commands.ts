import type { CommandObserver } from '@building/domain/command-handling/command-observer';
import { outcomeOf } from './command-outcome.ts';
import { currentRequest, type Logger } from './logger.ts';

/**
 * Logs every command at the handler door with its correlation id (which its events carry to the
 * projector, the mailer and the live updates): the line that joins a request to everything its
 * command caused. Refusals are info, our failures errors (at once, with the error). Inside a
 * request, the request's own line says it (one line per command: it was half the cost of logging).
 */
export const logCommands = (logger: Logger): CommandObserver => ({
  async observe(command, meta, handle) {
    const fields = { command, correlationId: meta.correlationId };
    const line = (entry: Record<string, unknown>, msg: string) => {
      const request = currentRequest();
      if (request && !request.command) request.command = { fields: entry, msg };
      else logger.info(entry, msg);
    };
    try {
      const result = await handle();
      line({ ...fields, outcome: 'ok', ...positionOf(result) }, 'command');
      return result;
    } catch (error) {
      const outcome = outcomeOf(error);
      if (outcome === 'error') logger.error({ ...fields, outcome, err: error }, 'command failed');
      else line({ ...fields, outcome }, 'command refused');
      throw error;
    }
  },
});

const positionOf = (result: unknown) =>
  typeof result === 'object' && result !== null && 'position' in result ? { position: result.position } : {};
