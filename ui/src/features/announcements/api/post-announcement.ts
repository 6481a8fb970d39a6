import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';
import { announcementsKey } from './get-announcements.ts';

const postedSchema = z.object({ insertedId: z.union([z.string(), z.number()]), position: z.number() });

export interface NewAnnouncement {
  title: string;
  description: string;
}

/** POST /anouncement { title, description } (admins only). */
export async function postAnnouncement(announcement: NewAnnouncement) {
  return postedSchema.parse(await command('POST', '/anouncement', announcement));
}

export function usePostAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}
