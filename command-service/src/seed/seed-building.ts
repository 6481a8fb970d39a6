import { DomainError } from '@building/events/domain-error';
import { createCommandContext } from '@building/domain/command-handling/command-context';
import { countCommands } from '@building/infra/metrics/count-commands';
import type { EventStore } from '@building/domain/event-store/event-store';
import { listApartment } from '@building/domain/apartment/commands';
import { buildingApartments } from './building-apartments.ts';

/**
 * Lists the building's apartments through the command side (the system lists them, as an admin
 * would). Listing the same apartment again changes nothing, so seeding twice adds nothing; an
 * apartment the admins have edited since stays as they left it.
 */
export async function seedBuilding(store: EventStore, now: Date): Promise<{ listed: number }> {
  const commands = createCommandContext({ store, observer: countCommands });
  let listed = 0;
  for (const { si, ...details } of buildingApartments()) {
    try {
      const result = await listApartment(commands, { details, si, caller: 'system', now });
      listed += result.events.length;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'apartment-already-listed')) throw error;
    }
  }
  return { listed };
}
