import { announcementsView } from '@building/events/read-models/announcements';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

/** Announcements, for signed-in users. */
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
        },
      },
    ],
  },
});
