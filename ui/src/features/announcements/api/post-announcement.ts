import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';
import { announcementsKey } from './get-announcements.ts';

const postedSchema = z.object({ insertedId: z.union([z.string(), z.number()]), position: z.number() });
const editedSchema = z.object({ modifiedCount: z.number(), position: z.number() });

/** An announcement as the admin writes it: `expiresOn` is its last day (YYYY-MM-DD, Dhaka) or null. */
export interface AnnouncementTerms {
  title: string;
  description: string;
  pinned: boolean;
  expiresOn: string | null;
}

/** POST /anouncement { title, description, pinned, expiresOn } (admins only). */
export async function postAnnouncement(announcement: AnnouncementTerms) {
  return postedSchema.parse(await command('POST', '/anouncement', announcement));
}

/** PUT /anouncement/:id with the announcement as it should stand (admins only). */
export async function editAnnouncement({ id, ...terms }: AnnouncementTerms & { id: string }) {
  return editedSchema.parse(await command('PUT', `/anouncement/${encodeURIComponent(id)}`, terms));
}

function useAnnouncementMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}

export const usePostAnnouncement = () => useAnnouncementMutation(postAnnouncement);
export const useEditAnnouncement = () => useAnnouncementMutation(editAnnouncement);
