import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import { streams } from '@building/events/streams';
import { apartmentAggregate } from '../apartment/apartment.ts';
import { decideApartment } from '../apartment/decide.ts';
import { loadAggregate } from '../command-handling/aggregate.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { buildingApartments } from './building-apartments.ts';

/**
 * Lists the building's apartments through the command side (the system lists them, as an admin
 * would). An apartment already listed is left alone, so seeding twice adds nothing.
 */
export async function seedBuilding(store: PostgresEventStore, now: Date): Promise<{ listed: number }> {
  let listed = 0;
  for (const details of buildingApartments()) {
    const stream = streams.apartment(details.si);
    const result = await handleCommand(
      store,
      {
        load: async () => ({ apartment: await loadAggregate(store, stream, apartmentAggregate) }),
        // An apartment the admins have edited since stays as they left it.
        decide: ({ apartment }) =>
          apartment.state.status === 'listed'
            ? []
            : decideApartment({ type: 'ListApartment', data: { details, by: 'system' } }, apartment.state),
      },
      { now, actor: 'system', correlationId: crypto.randomUUID() },
    );
    listed += result.events.length;
  }
  return { listed };
}
