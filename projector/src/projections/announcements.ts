import { announcementsView } from '@building/events/read-models/announcements';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

const where = (data: { announcementId: string }) => ({ announcement_id: data.announcementId });

/** Announcements, for signed-in users: their words, pin and expiry as last set. */
export const announcements = defineProjection(announcementsView, {
  tables: {
    announcements: {
      key: 'announcement_id',
      columns: {
        announcement_id: column.uuid(),
        title: column.text(),
        description: column.text(),
        posted_at: column.timestamptz(),
        position: column.bigint(),
        pinned: column.boolean({ default: false }),
        expires_on: column.text({ nullable: true }),
        edited_at: column.timestamptz({ nullable: true }),
      },
    },
  },
  on: {
    AnnouncementPosted: ({ data, occurredAt, position }) => [
      {
        table: 'announcements',
        insert: {
          announcement_id: data.announcementId,
          title: data.title,
          description: data.description,
          posted_at: occurredAt,
          position,
          pinned: false,
          expires_on: null,
          edited_at: null,
        },
      },
    ],
    AnnouncementEdited: ({ data, occurredAt }) => [
      {
        table: 'announcements',
        update: { title: data.title, description: data.description, edited_at: occurredAt },
        where: where(data),
      },
    ],
    AnnouncementPinned: ({ data }) => [
      { table: 'announcements', update: { pinned: true }, where: where(data) },
    ],
    AnnouncementUnpinned: ({ data }) => [
      { table: 'announcements', update: { pinned: false }, where: where(data) },
    ],
    AnnouncementExpirySet: ({ data }) => [
      { table: 'announcements', update: { expires_on: data.expiresOn }, where: where(data) },
    ],
  },
});
