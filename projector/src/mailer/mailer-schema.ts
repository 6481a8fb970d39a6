import type { Knex } from 'knex';
import { migrateProjector } from '../projector-schema.ts';

export const SENT_TABLE = 'mailer_sent';

/**
 * The mailer's record of each email, keyed by (event, recipient): 'sending' once claimed (before
 * the send), then 'sent'; 'off' when the recipient had turned that kind of email off.
 */
export async function migrateMailer(db: Knex): Promise<void> {
  // The store tailer's checkpoint table (embedded mode) is the projector's bookkeeping.
  await migrateProjector(db, []);
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7231003)');
    await trx.raw(`
      create table if not exists ${SENT_TABLE} (
        event_id uuid not null,
        recipient text not null,
        kind text not null,
        status text not null check (status in ('sending', 'sent', 'off')),
        claimed_at timestamptz not null default now(),
        sent_at timestamptz,
        message_id text,
        primary key (event_id, recipient)
      );
    `);
  });
}
