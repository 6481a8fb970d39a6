import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { query } from '../../../lib/api-client.ts';
import { viewKey } from '../../../lib/view-keys.ts';

const announcementSchema = z.object({
  _id: z.union([z.string(), z.number()]),
  title: z.string(),
  description: z.string(),
});

export type Announcement = z.infer<typeof announcementSchema>;

/** GET /anouncement (the API keeps the spec's spelling): every announcement. */
export async function getAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  return z.array(announcementSchema).parse(await query('/anouncement', { signal }));
}

export const announcementsKey = viewKey('announcements');

export const announcementsQueryOptions = () =>
  queryOptions({ queryKey: announcementsKey, queryFn: ({ signal }) => getAnnouncements(signal) });

export const useAnnouncements = (enabled = true) => useQuery({ ...announcementsQueryOptions(), enabled });
