import { z } from 'zod';
import { defineReadModel } from './read-model.ts';

/**
 * GET /anouncement (signed in): pinned ones first, then newest first, each with when it was posted
 * (ISO), whether it is pinned, the last Dhaka day residents see it (`expiresOn`, YYYY-MM-DD, or
 * null) and when it was last edited. Residents get those not expired; admins all of them.
 * Version 2: version 1 had neither pins, expiry nor edits.
 */
export const announcementsView = defineReadModel({
  view: 'announcements',
  version: 2,
  audience: 'signed-in',
  tables: ['announcements'],
  events: [
    'AnnouncementPosted',
    'AnnouncementEdited',
    'AnnouncementPinned',
    'AnnouncementUnpinned',
    'AnnouncementExpirySet',
  ],
  row: z.object({
    announcement_id: z.string(),
    title: z.string(),
    description: z.string(),
    posted_at: z.date(),
    pinned: z.boolean(),
    expires_on: z.string().nullable(),
    edited_at: z.date().nullable(),
  }),
  response: z.object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    postedAt: z.string(),
    pinned: z.boolean(),
    expiresOn: z.string().nullable(),
    editedAt: z.string().nullable(),
  }),
  toResponse: (r) => ({
    _id: r.announcement_id,
    title: r.title,
    description: r.description,
    postedAt: r.posted_at.toISOString(),
    pinned: r.pinned,
    expiresOn: r.expires_on,
    editedAt: r.edited_at?.toISOString() ?? null,
  }),
});
export type Announcement = z.infer<typeof announcementsView.response>;
