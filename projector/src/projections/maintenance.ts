import { maintenanceView } from '@building/events/read-models/maintenance';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

/**
 * Maintenance requests with their status history and comments: one row per request, and one per
 * status change and per comment (keyed by the event's id, so a redelivery adds nothing).
 */
export const maintenance = defineProjection(maintenanceView, {
  tables: {
    requests: {
      key: 'request_id',
      columns: {
        request_id: column.uuid(),
        email: column.text(),
        name: column.text(),
        si: column.integer(),
        apartment: column.text(),
        block: column.text(),
        category: column.text(),
        description: column.text(),
        photos: column.text(),
        status: column.text({ default: 'open' }),
        scheduled_for: column.text({ nullable: true }),
        reason: column.text({ nullable: true }),
        requested_at: column.timestamptz(),
        updated_at: column.timestamptz(),
      },
      indexes: [['email', 'requested_at'], ['status', 'requested_at'], ['category'], ['block']],
    },
    history: {
      key: 'change_id',
      insertOnly: true,
      columns: {
        change_id: column.uuid(),
        request_id: column.uuid(),
        status: column.text(),
        scheduled_for: column.text({ nullable: true }),
        reason: column.text({ nullable: true }),
        changed_by: column.text(),
        changed_at: column.timestamptz(),
        position: column.bigint(),
      },
      indexes: [['request_id', 'position']],
    },
    comments: {
      key: 'comment_id',
      insertOnly: true,
      columns: {
        comment_id: column.uuid(),
        request_id: column.uuid(),
        author: column.text(),
        author_role: column.text(),
        text: column.text(),
        commented_at: column.timestamptz(),
        position: column.bigint(),
      },
      indexes: [['request_id', 'position']],
    },
  },
  on: {
    MaintenanceRequested: ({ data }) => [
      {
        table: 'requests',
        insert: {
          request_id: data.requestId,
          email: data.email.toLowerCase(),
          name: data.name,
          si: data.si,
          apartment: data.apartment,
          block: data.block,
          category: data.category,
          description: data.description,
          photos: JSON.stringify(data.photos),
          status: 'open',
          scheduled_for: null,
          reason: null,
          requested_at: data.requestedAt,
          updated_at: data.requestedAt,
        },
      },
    ],
    MaintenanceStatusChanged: ({ id, data, position }) => [
      {
        table: 'requests',
        update: {
          status: data.status,
          scheduled_for: data.scheduledFor ?? null,
          reason: data.reason ?? null,
          updated_at: data.changedAt,
        },
        where: { request_id: data.requestId },
      },
      {
        table: 'history',
        insert: {
          change_id: id,
          request_id: data.requestId,
          status: data.status,
          scheduled_for: data.scheduledFor ?? null,
          reason: data.reason ?? null,
          changed_by: data.changedBy.toLowerCase(),
          changed_at: data.changedAt,
          position,
        },
      },
    ],
    MaintenanceCommentAdded: ({ id, data, position }) => [
      {
        table: 'requests',
        update: { updated_at: data.commentedAt },
        where: { request_id: data.requestId },
      },
      {
        table: 'comments',
        insert: {
          comment_id: id,
          request_id: data.requestId,
          author: data.author.toLowerCase(),
          author_role: data.authorRole,
          text: data.text,
          commented_at: data.commentedAt,
          position,
        },
      },
    ],
  },
});
