import { maskEmail, type Logger } from '@building/infra/logging/logger';
import type { Knex } from 'knex';
import { mailerPending } from '@building/infra/metrics/metrics';
import { decodeProjectedEvent, type ProjectedEvent } from '@building/events/decode-event';
import { notificationOf } from '@building/events/notification-of';
import type { Projector } from '../apply-events.ts';
import { SENT_TABLE } from './mailer-schema.ts';
import { emailOffAt, languageAt } from './preferences-at.ts';
import { renderEmail, type OutgoingEmail } from './render-email.ts';

/** Sends one email; resolves with the server's message id once the server accepted it. */
export type SendEmail = (email: OutgoingEmail) => Promise<{ messageId: string }>;

/**
 * The mailer reacts to the events that notify someone, fed by the projector's sources (it is a
 * `Projector` to them: a batch in, then the source's checkpoint in a transaction).
 *
 * At most once: before sending, it commits a 'sending' record keyed by (event id, recipient);
 * an event whose record exists is never sent again, so a redelivered or replayed batch (a restart,
 * a Kafka rebalance) sends nothing twice. A crash between that commit and the server's answer
 * loses that one email (the record stays 'sending', and the start-up log counts such records)
 * rather than risk sending it twice. A send the server refuses or cannot take (it is down)
 * removes the claim and fails the batch, which the source then retries.
 */
export function createMailer(options: {
  db: Knex;
  send: SendEmail;
  log?: (line: string) => void;
  /** Where each email sent is logged, with its command's correlation id (the address masked). */
  logger?: Logger;
}): Projector {
  const { db, send, logger } = options;
  const log = options.log ?? ((line: string) => console.warn(`[mailer] ${line}`));

  async function mail(event: ProjectedEvent) {
    const notification = notificationOf(event);
    if (!notification) return;
    const { recipient, facts, emailKind } = notification;
    const off = (await emailOffAt(db, recipient, event.position)).includes(emailKind);
    const claimed = await db(SENT_TABLE)
      .insert({ event_id: event.id, recipient, kind: emailKind, status: off ? 'off' : 'sending' })
      .onConflict(['event_id', 'recipient'])
      .ignore()
      .returning('event_id');
    if (claimed.length === 0 || off) return;
    try {
      const language = await languageAt(db, recipient, event.position);
      const { messageId } = await send(await renderEmail(event, recipient, facts, language));
      await db(SENT_TABLE)
        .where({ event_id: event.id, recipient })
        .update({ status: 'sent', sent_at: db.fn.now(), message_id: messageId });
      logger?.info(
        {
          correlationId: event.correlationId,
          event: event.type,
          position: event.position,
          kind: emailKind,
          to: maskEmail(recipient),
          messageId,
        },
        'email sent',
      );
    } catch (error) {
      await db(SENT_TABLE).where({ event_id: event.id, recipient, status: 'sending' }).delete();
      throw error;
    }
  }

  return {
    async project(raws, projectOptions) {
      const events: ProjectedEvent[] = [];
      for (const raw of raws) {
        try {
          events.push(decodeProjectedEvent(raw));
        } catch (error) {
          // The projector parks malformed events; the mailer has nothing to send for them.
          log(`skipped a malformed event: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      // What the batch has to send: a batch the mail server refuses stays counted until it goes.
      let pending = events.filter((event) => notificationOf(event) !== null).length;
      mailerPending.set(pending);
      for (const event of events) {
        await mail(event);
        if (notificationOf(event)) mailerPending.set(--pending);
      }
      const { inTransaction, alsoWrite } = projectOptions ?? {};
      if (inTransaction || alsoWrite)
        await db.transaction(async (trx) => {
          if (alsoWrite) await trx.raw(alsoWrite.sql, alsoWrite.bindings as Knex.RawBinding[]);
          await inTransaction?.(trx);
        });
      return [];
    },
  };
}

/** Records claimed but never confirmed: emails a crash may have lost (never resent). */
export async function unconfirmedCount(db: Knex): Promise<number> {
  const row = await db(SENT_TABLE).where({ status: 'sending' }).count<{ n: string }[]>('* as n').first();
  return Number(row?.n ?? 0);
}
