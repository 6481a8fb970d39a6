import { z } from 'zod';
import type { Knex } from 'knex';
import { refuse } from '@building/events/domain-error';
import { safeText } from '@building/infra/http/safe-text';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A link to an image uploaded here (`POST /images` answers `<publicUrl>/images/<id>`): what a
 * member may attach, so that no outside address ever shows on an admin's screen.
 */
export function uploadedImageField(publicUrl: string) {
  const prefix = `${publicUrl.replace(/\/$/, '')}/images/`;
  return safeText
    .trim()
    .max(2000)
    .refine(
      (value) => value.startsWith(prefix) && uuid.test(value.slice(prefix.length)),
      `expected an image uploaded to ${prefix}`,
    );
}

/**
 * Refuses (invalid-input, naming each) the links that are not uploads of `uploader`'s own: another
 * person's photo is refused the same way as one never uploaded, so the answer tells nothing of it.
 */
export async function requireOwnUploads(
  db: Knex,
  urls: readonly string[],
  field: string,
  uploader: string,
): Promise<void> {
  if (urls.length === 0) return;
  const ids = urls.map((url) => url.slice(url.lastIndexOf('/') + 1).toLowerCase());
  const found = new Set(
    (await db('images').whereIn('id', ids).where({ uploaded_by: uploader }).select('id')).map(
      (row: { id: string }) => row.id,
    ),
  );
  const missing = ids.flatMap((id, i) =>
    found.has(id) ? [] : [{ field: `${field}.${i}`, message: 'no such upload of yours' }],
  );
  if (missing.length > 0)
    throw refuse('invalid-input', `${missing.map((m) => m.field).join(', ')}: no such upload of yours`, {
      fields: missing,
    });
}

export const uploadedImages = (publicUrl: string, max: number) =>
  z.array(uploadedImageField(publicUrl)).max(max, `at most ${max} photos`);
