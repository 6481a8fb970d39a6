import { defineProjection } from '../projection.ts';

/** Announcements, for signed-in users. */
export const announcements = defineProjection({
  view: 'announcements',
  version: 1,
  audience: 'signed-in',
  tables: {
    announcements: (t) => `create table if not exists ${t} (
      announcement_id uuid primary key,
      title text not null,
      description text not null,
      posted_at timestamptz not null,
      position bigint not null
    )`,
  },
  on: {
    AnnouncementPosted: (trx, { data, occurredAt, position }, t) =>
      trx(t.announcements)
        .insert({
          announcement_id: data.announcementId,
          title: data.title,
          description: data.description,
          posted_at: occurredAt,
          position,
        })
        .onConflict('announcement_id')
        .ignore(),
  },
});
