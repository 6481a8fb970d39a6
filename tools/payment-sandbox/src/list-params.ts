import { z } from 'zod';
import { formInteger } from './params.ts';
import { invalidRequest, resourceMissing } from './stripe-error.ts';

/*
 * Stripe's list conventions, shared by every list route: newest first, `limit` (1..100, default 10),
 * cursors `starting_after` / `ending_before` (object ids), and a `created` filter that is either a
 * unix time or a range `created[gt|gte|lt|lte]`.
 */

const unixTime = formInteger(z.number().int().min(0));

export const listParams = {
  limit: formInteger(z.number().int().min(1).max(100)).optional(),
  starting_after: z.string().min(1).optional(),
  ending_before: z.string().min(1).optional(),
  created: z
    .union([
      unixTime,
      z.strictObject({
        gt: unixTime.optional(),
        gte: unixTime.optional(),
        lt: unixTime.optional(),
        lte: unixTime.optional(),
      }),
    ])
    .optional(),
};

export interface ListQuery {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
  created?: number | { gt?: number; gte?: number; lt?: number; lte?: number };
}

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

function createdMatches(created: number, filter: ListQuery['created']): boolean {
  if (filter === undefined) return true;
  if (typeof filter === 'number') return created === filter;
  return (
    (filter.gt === undefined || created > filter.gt) &&
    (filter.gte === undefined || created >= filter.gte) &&
    (filter.lt === undefined || created < filter.lt) &&
    (filter.lte === undefined || created <= filter.lte)
  );
}

/** One page of `newestFirst` as Stripe lists it; `label` names the object in a bad cursor's error. */
export function listPage<T extends { id: string; created: number }>(
  newestFirst: readonly T[],
  query: ListQuery,
  url: string,
  label: string,
): StripeList<T> {
  if (query.starting_after && query.ending_before) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', {
      code: 'parameters_exclusive',
      param: 'ending_before',
    });
  }
  const matching = newestFirst.filter((item) => createdMatches(item.created, query.created));
  const limit = query.limit ?? 10;
  const cursor = query.starting_after ?? query.ending_before;
  if (cursor === undefined) {
    return { object: 'list', data: matching.slice(0, limit), has_more: matching.length > limit, url };
  }
  const at = newestFirst.findIndex((item) => item.id === cursor);
  if (at < 0) throw resourceMissing(query.starting_after ? 'starting_after' : 'ending_before', label, cursor);
  const cursorItem = newestFirst[at]!;
  const position = (item: T) => newestFirst.indexOf(item);
  if (query.starting_after) {
    const older = matching.filter((item) => position(item) > position(cursorItem));
    return { object: 'list', data: older.slice(0, limit), has_more: older.length > limit, url };
  }
  // ending_before: the page just newer than the cursor, still newest first.
  const newer = matching.filter((item) => position(item) < position(cursorItem));
  return { object: 'list', data: newer.slice(-limit), has_more: newer.length > limit, url };
}
