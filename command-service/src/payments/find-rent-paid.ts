import type { EventData } from '@building/events/catalogue';
import { decodeEvent } from '@building/events/decode-event';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';

/** The recorded payment with this transaction id (receipts), read from the log itself. */
export async function findRentPaid(
  store: PostgresEventStore,
  transactionId: string,
): Promise<EventData<'RentPaid'> | null> {
  const row: { stream: string } | undefined = await store
    .db('events')
    .where({ type: 'RentPaid' })
    .whereRaw(`data->>'transactionId' = ?`, [transactionId])
    .first('stream');
  if (!row) return null;
  for (const event of (await store.readStream(row.stream)).map(decodeEvent)) {
    if (event.type === 'RentPaid' && event.data.transactionId === transactionId) return event.data;
  }
  return null;
}
