import type { EventData } from '@building/events/catalogue';
import { decodeEvent } from '@building/events/decode-event';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';

/** An offline payment by its id (receipts), with its reversal if any, read from the log itself. */
export async function findOfflinePayment(
  store: PostgresEventStore,
  paymentId: string,
): Promise<{
  recorded: EventData<'OfflinePaymentRecorded'>;
  reversed: EventData<'PaymentReversed'> | null;
} | null> {
  const row: { stream: string } | undefined = await store
    .db('events')
    .where({ type: 'OfflinePaymentRecorded' })
    .whereRaw(`data->>'paymentId' = ?`, [paymentId])
    .first('stream');
  if (!row) return null;
  const events = (await store.readStream(row.stream)).map(decodeEvent);
  let recorded: EventData<'OfflinePaymentRecorded'> | null = null;
  let reversed: EventData<'PaymentReversed'> | null = null;
  for (const event of events) {
    if (event.type === 'OfflinePaymentRecorded' && event.data.paymentId === paymentId) recorded = event.data;
    if (event.type === 'PaymentReversed' && event.data.paymentId === paymentId) reversed = event.data;
  }
  return recorded && { recorded, reversed };
}
