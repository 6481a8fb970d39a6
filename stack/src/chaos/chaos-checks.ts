import type { Knex } from 'knex';
import { allTopics } from '@building/events/streams';
import type { KafkaClient } from '@building/infra/kafka/kafka-client';
import { projectionsReport } from '@building/infra/read-models/projections-report';
import { rebuildProjections } from '@building/projector/ops/projections/rebuild-projections';
import { liveTables, viewHashes } from '@building/projector/ops/testing/view-hashes';
import { projections } from '@building/projector/projections/registry';
import { PROJECTOR_GROUP_ID } from '@building/projector/sources/kafka-source';
import { answered, type SentCommand } from './chaos-load.ts';

/** Waits until the outbox is published and every projection has applied every event of its streams. */
export async function waitForCatchUp(db: Knex, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [outbox] = await db('outbox').count<{ n: string }[]>('* as n');
    const report = await projectionsReport(
      db,
      projections.map((p) => p.model),
    );
    const behind = report.projections.filter((p) => p.pending !== 0).map((p) => `${p.name} (${p.pending})`);
    if (Number(outbox?.n) === 0 && behind.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `not caught up after ${timeoutMs / 1000} s: outbox ${outbox?.n}, behind: ${behind.join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until the projectors' consumer group has committed every record of every topic: the
 * duplicate copies too, which leave no trace in the views when they are skipped as they must be.
 */
export async function waitForConsumed(kafka: KafkaClient, timeoutMs: number): Promise<void> {
  const admin = kafka.admin();
  const topics = allTopics();
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const committed = new Map(
        (await admin.fetchGroupOffsets(PROJECTOR_GROUP_ID, topics)).map((o) => [
          `${o.topic}/${o.partition}`,
          BigInt(o.offset),
        ]),
      );
      const behind: string[] = [];
      for (const topic of topics)
        for (const { partition, low, high } of await admin.fetchTopicOffsets(topic)) {
          const at = committed.get(`${topic}/${partition}`) ?? -1n;
          if ((at < 0n ? BigInt(low) : at) < BigInt(high)) behind.push(`${topic}/${partition}`);
        }
      if (behind.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(`the projectors had not consumed ${behind.join(', ')} after ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await admin.disconnect();
  }
}

export interface WriteCheck {
  answered: number;
  /** Answered 2xx, but its event is not in the store (or is not the event it answered with). */
  lost: string[];
  /** Its event is in the store more than once (answered or not). */
  doubled: string[];
}

/** Every 2xx command's event is in the store exactly once; no command's event is there twice. */
export async function checkWrites(db: Knex, sent: readonly SentCommand[]): Promise<WriteCheck> {
  const ok = sent.filter(answered);
  const positions = ok.flatMap((c) => (c.position === undefined ? [] : [c.position]));
  const stored = new Map<number, { stream: string; type: string; correlation_id: string }>();
  for (const row of await db('events')
    .whereIn('position', positions)
    .select('position', 'stream', 'type', 'correlation_id'))
    stored.set(Number(row.position), row);
  const perCorrelation = await counts(
    db('events')
      .whereIn(
        'correlation_id',
        [...stored.values()].map((e) => e.correlation_id),
      )
      .groupBy('correlation_id')
      .select('correlation_id as key'),
  );
  // `field` is one of three fixed names, never input.
  const byField = (type: string, field: 'title' | 'code' | 'reference') =>
    counts(
      db('events')
        .where({ type })
        .whereRaw(`data->>'${field}' = any(?)`, [
          sent.filter((c) => c.marker.field === field).map((c) => c.marker.value!),
        ])
        .groupByRaw(`data->>'${field}'`)
        .select(db.raw(`data->>'${field}' as key`)),
    );
  const titles = await byField('AnnouncementPosted', 'title');
  const codes = await byField('CouponAdded', 'code');
  const references = await byField('DepositPaid', 'reference');
  const registered = await counts(
    db('events')
      .where({ type: 'UserRegistered' })
      .whereIn(
        'stream',
        sent.filter((c) => c.kind === 'user').map((c) => c.marker.stream!),
      )
      .groupBy('stream')
      .select('stream as key'),
  );
  const copies = (command: SentCommand) =>
    command.marker.field === 'title'
      ? (titles.get(command.marker.value!) ?? 0)
      : command.marker.field === 'code'
        ? (codes.get(command.marker.value!) ?? 0)
        : command.marker.field === 'reference'
          ? (references.get(command.marker.value!) ?? 0)
          : command.kind === 'user'
            ? (registered.get(command.marker.stream!) ?? 0)
            : undefined;

  const lost: string[] = [];
  const doubled: string[] = [];
  for (const command of sent) {
    const name = `${command.kind} ${command.marker.value ?? command.marker.stream ?? ''} (${command.status})`;
    const found = copies(command);
    if (found !== undefined && found > 1) doubled.push(`${name}: ${found} copies`);
    if (!answered(command)) continue;
    const event = command.position === undefined ? undefined : stored.get(command.position);
    if (
      !event ||
      event.type !== command.marker.type ||
      (command.marker.stream && event.stream !== command.marker.stream) ||
      found === 0
    )
      lost.push(`${name}: no ${command.marker.type} at position ${command.position}`);
    else if ((perCorrelation.get(event.correlation_id) ?? 0) > 1)
      doubled.push(`${name}: ${perCorrelation.get(event.correlation_id)} events of one command`);
  }
  return { answered: ok.length, lost, doubled };
}

async function counts(query: Knex.QueryBuilder): Promise<Map<string, number>> {
  const rows = (await query.count('* as n')) as unknown as Array<{ key: string; n: string }>;
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** Events parked by any projection, or parked as unreadable. */
export async function parkedEvents(db: Knex): Promise<number> {
  const report = await projectionsReport(
    db,
    projections.map((p) => p.model),
  );
  return report.malformed + report.projections.reduce((sum, p) => sum + p.parked, 0);
}

/** The view tables whose rows differ from a fresh rebuild of them from the log (none: all equal). */
export async function viewsUnlikeRebuild(db: Knex): Promise<string[]> {
  const tables = liveTables(projections);
  const live = await viewHashes(db, tables);
  await rebuildProjections(db, projections, { log: () => {} });
  const rebuilt = await viewHashes(db, tables);
  return tables.filter((table) => live[table] !== rebuilt[table]);
}
