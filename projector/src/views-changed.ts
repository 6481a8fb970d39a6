import { z } from 'zod';
import type { ViewName } from './projection.ts';

/**
 * The projector NOTIFYs this channel, inside the transaction that changed the views (so listeners
 * hear it only after commit), with `{ changes: ViewChange[] }`. One mechanism for both modes.
 */
export const VIEWS_CHANGED_CHANNEL = 'views_changed';

export interface ViewChange {
  view: ViewName;
  /** The highest position applied to this view in the transaction. */
  position: number;
  /** The account the changed rows belong to, for owner-only views. */
  owner: string | null;
  /** Set by a rebuild swap: the view's new generation (its tables were replaced). */
  generation?: number;
}

export const viewChangesSchema = z.object({
  changes: z.array(
    z.object({
      view: z.string() as z.ZodType<ViewName>,
      position: z.number().int().nonnegative(),
      owner: z.string().nullable(),
      generation: z.number().int().nonnegative().optional(),
    }),
  ),
});

/** NOTIFY payloads are limited to 8000 bytes: split the changes into several messages. */
export function notifyPayloads(changes: ViewChange[], maxBytes = 7000): string[] {
  const payloads: string[] = [];
  let current: ViewChange[] = [];
  for (const change of changes) {
    const next = [...current, change];
    if (current.length > 0 && Buffer.byteLength(JSON.stringify({ changes: next })) > maxBytes) {
      payloads.push(JSON.stringify({ changes: current }));
      current = [change];
    } else current = next;
  }
  if (current.length > 0) payloads.push(JSON.stringify({ changes: current }));
  return payloads;
}
