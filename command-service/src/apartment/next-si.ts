import type { PostgresEventStore } from '@building/infra/event-store/event-store';

/**
 * The si a newly added apartment gets: one past the highest listed. Two admins adding at once both
 * pick the same si; the second append to apartment-<si> at version 0 conflicts and re-runs with the next.
 */
export async function nextSi(store: PostgresEventStore): Promise<number> {
  const row = await store
    .db('events')
    .where({ type: 'ApartmentListed' })
    .max({ si: store.db.raw("(data->>'si')::int") })
    .first();
  return Number(row?.si ?? 0) + 1;
}
