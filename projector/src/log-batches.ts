import type { Logger } from '@building/infra/logging/logger';
import type { Projector } from './apply-events.ts';

/** A catch-up batch can hold thousands of commands' events: the line names the first ones. */
const namedAtMost = 100;

/**
 * Logs each batch the projector committed: how many events, up to which position, and the
 * correlation ids of the commands they came from, so a grep of a command's id finds the batch
 * that put it in the views.
 */
export function logBatches(projector: Projector, logger: Logger): Projector {
  return {
    async project(raws, options) {
      const changes = await projector.project(raws, options);
      if (raws.length > 0 && logger.isLevelEnabled('info')) {
        const ids = new Set<string>();
        let to = 0;
        for (const raw of raws) {
          const { correlationId, position } = raw as { correlationId?: unknown; position?: unknown };
          if (typeof correlationId === 'string') ids.add(correlationId);
          if (typeof position === 'number' && position > to) to = position;
        }
        const correlationIds = [...ids].slice(0, namedAtMost);
        const more = ids.size - correlationIds.length;
        logger.info({ events: raws.length, to, correlationIds, ...(more > 0 ? { more } : {}) }, 'projected');
      }
      return changes;
    },
  };
}
