import type { Knex } from 'knex';
import { emailKindSchema, languageSchema, type EmailKind, type Language } from '@building/events/catalogue';
import { streams } from '@building/events/streams';

/**
 * The kinds of email a person had turned off when the event at `position` happened: their last
 * EmailPreferencesChanged before it, read from the store (so a replay or a late mailer decides as
 * the person had chosen then, not as they choose now).
 */
export async function emailOffAt(db: Knex, email: string, position: number): Promise<EmailKind[]> {
  const row = await db('events')
    .where({ stream: streams.user(email), type: 'EmailPreferencesChanged' })
    .andWhere('position', '<', position)
    .orderBy('position', 'desc')
    .first('data');
  const off = (row?.data as { off?: unknown } | undefined)?.off;
  return emailKindSchema
    .array()
    .catch([])
    .parse(off ?? []);
}

/** The language the person had chosen when the event at `position` happened (English until then). */
export async function languageAt(db: Knex, email: string, position: number): Promise<Language> {
  const row = await db('events')
    .where({ stream: streams.user(email), type: 'LanguageChosen' })
    .andWhere('position', '<', position)
    .orderBy('position', 'desc')
    .first('data');
  return languageSchema.catch('en').parse((row?.data as { language?: unknown } | undefined)?.language);
}
