import { z } from 'zod';
import { defineReadModel } from './read-model.ts';

/** GET /anouncement (signed in): newest first. */
export const announcementsView = defineReadModel({
  view: 'announcements',
  version: 1,
  audience: 'signed-in',
  tables: ['announcements'],
  events: ['AnnouncementPosted'],
  row: z.object({ announcement_id: z.string(), title: z.string(), description: z.string() }),
  response: z.object({ _id: z.string(), title: z.string(), description: z.string() }),
  toResponse: ({ announcement_id, ...r }) => ({ _id: announcement_id, ...r }),
});
export type Announcement = z.infer<typeof announcementsView.response>;
