import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';
import { announcementsView, type Announcement } from '@building/events/read-models/announcements';

const announcementSchema = announcementsView.response;

export type { Announcement };

/** GET /anouncement (the API keeps the spec's spelling): every announcement. */
export async function getAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  return z.array(announcementSchema).parse(await query('/anouncement', { signal }));
}

export const announcementsKey = viewKey('announcements');

export const announcementsQueryOptions = () =>
  queryOptions({ queryKey: announcementsKey, queryFn: ({ signal }) => getAnnouncements(signal) });

export const useAnnouncements = (enabled = true) => useQuery({ ...announcementsQueryOptions(), enabled });
