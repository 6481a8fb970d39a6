import { z } from 'zod';
import { viewNames, type ViewName } from './read-model.ts';

/**
 * The projector NOTIFYs this channel, inside the transaction that changed the views (so listeners
 * hear it only after commit), with `{ changes: ViewChange[] }`. One mechanism for both modes.
 */
export const VIEWS_CHANGED_CHANNEL = 'views_changed';

export const viewChangeSchema = z.object({
  view: z.enum(viewNames),
  /** The highest position applied to this view in the transaction. */
  position: z.number().int().nonnegative(),
  /** The account the changed rows belong to, for owner-only views (null: no one account, e.g. an announcement). */
  owner: z.string().nullable(),
  /**
   * The correlation id of the command whose event is at `position` (when the log carries one), so
   * a live-update message can be traced to the command behind it.
   */
  correlationId: z.string().uuid().optional(),
  /** Set by a rebuild swap: the view's new generation (its tables were replaced). */
  generation: z.number().int().nonnegative().optional(),
});
export type ViewChange = z.infer<typeof viewChangeSchema> & { view: ViewName };

export const viewChangesSchema = z.object({ changes: z.array(viewChangeSchema) });

/**
 * The projector's bookkeeping table the query-service reads for each view's position and
 * generation (the projector owns and migrates it).
 */
export const PROJECTION_STATUS_TABLE = 'projection_status';
