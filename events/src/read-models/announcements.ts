import { z } from 'zod';
import { defineReadModel } from './read-model.ts';

/** GET /anouncement (signed in): newest first, each with when it was posted (ISO). */
export const announcementsView = defineReadModel({
  view: 'announcements',
  version: 1,
  audience: 'signed-in',
  tables: ['announcements'],
  events: ['AnnouncementPosted'],
  row: z.object({
    announcement_id: z.string(),
    title: z.string(),
    description: z.string(),
    posted_at: z.date(),
  }),
  response: z.object({ _id: z.string(), title: z.string(), description: z.string(), postedAt: z.string() }),
  toResponse: ({ announcement_id, posted_at, ...r }) => ({
    _id: announcement_id,
    ...r,
    postedAt: posted_at.toISOString(),
  }),
});
export type Announcement = z.infer<typeof announcementsView.response>;
