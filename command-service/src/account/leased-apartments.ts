import type { PostgresEventStore } from '@building/infra/event-store/event-store';

/**
 * Every apartment ever leased (of a block), read off the log: a charge to a block or to all is
 * decided on each of these apartments' leases and months.
 */
export async function leasedApartments(store: PostgresEventStore, block?: string): Promise<number[]> {
  const query = store
    .db('events')
    .where({ type: 'AgreementAccepted' })
    .distinct(store.db.raw(`(data->>'si')::int as si`));
  if (block !== undefined) query.whereRaw(`data->>'block' = ?`, [block]);
  const rows: Array<{ si: number }> = await query;
  return rows.map((r) => r.si).sort((a, b) => a - b);
}
