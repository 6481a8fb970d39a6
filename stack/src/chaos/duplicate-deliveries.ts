import type { Knex } from 'knex';
import { categoryOfStream, topicFor } from '@building/events/streams';
import { rowToEnvelope, type EventRow } from '@building/infra/event-store/row-to-envelope';
import type { KafkaClient } from '@building/infra/kafka/kafka-client';

/**
 * Delivers a share of the events a second time, as a producer that retried would: every `everyMs`
 * it takes the events the relay has published since the last look (no longer in the outbox) and
 * produces each again, with chance `share`, to its topic under its stream's key. The projectors
 * must skip the copies. Returns how many copies went out; a broker that is down just loses them.
 */
export function startDuplicating(options: {
  db: Knex;
  kafka: KafkaClient;
  fromPosition: number;
  share: number;
  random: () => number;
  everyMs?: number;
}) {
  const producer = options.kafka.producer();
  let after = options.fromPosition;
  let copies = 0;
  let stopped = false;
  const once = async () => {
    const rows: EventRow[] = await options
      .db('events')
      .where('position', '>', after)
      .whereNotExists((q) => q.select(1).from('outbox').whereRaw('outbox.position <= events.position'))
      .orderBy('position')
      .limit(2000)
      .select('*');
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.position);
    const picked = rows.filter(() => options.random() < options.share);
    for (const row of picked) {
      await producer.send(topicFor(categoryOfStream(row.stream)), [
        { key: row.stream, value: JSON.stringify(rowToEnvelope(row)) },
      ]);
      copies++;
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await once().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 250));
    }
    // The events of the load's last moments get their copies too.
    await once().catch(() => undefined);
  })();
  return {
    async stop(): Promise<number> {
      stopped = true;
      await loop;
      await producer.disconnect().catch(() => undefined);
      return copies;
    },
  };
}
