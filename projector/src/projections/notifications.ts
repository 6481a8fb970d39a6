import { notificationOf } from '@building/events/notification-of';
import { notificationsView } from '@building/events/read-models/notifications';
import type { ProjectedEvent } from '@building/events/decode-event';
import { defineProjection } from '../projection.ts';
import type { RowChange } from '../row-changes.ts';
import { column } from '../table-spec.ts';

type Table = 'notifications' | 'recipients' | 'broadcasts' | 'residencies';

/** One row per notification (keyed by its event: a redelivery inserts nothing new). */
function notify(event: ProjectedEvent): RowChange<Table>[] {
  const notification = notificationOf(event);
  if (!notification) return [];
  return [
    {
      table: 'notifications',
      insert: {
        notification_id: event.id,
        email: notification.recipient,
        kind: notification.facts.kind,
        facts: JSON.stringify(notification.facts),
        created_at: event.occurredAt,
      },
    },
  ];
}

const announcementFacts = (data: { announcementId: string; title: string }) =>
  JSON.stringify({ kind: 'announcement', announcementId: data.announcementId, title: data.title });

/**
 * In-app notifications, the recipients' read marks and the emails they turned off; announcements
 * once each, with who lived in the building when (both from streams of their own, so no order
 * across streams matters: the query-service matches them when a person reads).
 */
export const notifications = defineProjection(notificationsView, {
  tables: {
    notifications: {
      key: 'notification_id',
      insertOnly: true,
      columns: {
        notification_id: column.uuid(),
        email: column.text(),
        kind: column.text(),
        facts: column.text(),
        created_at: column.timestamptz(),
      },
      indexes: [['email', 'created_at']],
    },
    recipients: {
      key: 'email',
      columns: {
        email: column.text(),
        read_up_to: column.timestamptz({ nullable: true }),
        // JSON list of the email kinds turned off.
        email_off: column.text({ default: '[]' }),
      },
    },
    broadcasts: {
      key: 'notification_id',
      columns: {
        notification_id: column.uuid(),
        announcement_id: column.uuid(),
        facts: column.text(),
        created_at: column.timestamptz(),
        // The last Dhaka day (YYYY-MM-DD) it is told; null: until further notice.
        expires_on: column.text({ nullable: true }),
      },
      lookups: ['announcement_id'],
      indexes: [['created_at']],
    },
    residencies: {
      // One per time a person became a member (the MemberPromoted event), ended by their removal.
      key: 'residency_id',
      columns: {
        residency_id: column.uuid(),
        email: column.text(),
        since: column.timestamptz(),
        ended_at: column.timestamptz({ nullable: true }),
      },
      lookups: ['email'],
    },
  },
  on: {
    AnnouncementPosted: ({ id, data, occurredAt }) => [
      {
        table: 'broadcasts',
        insert: {
          notification_id: id,
          announcement_id: data.announcementId,
          facts: announcementFacts(data),
          created_at: occurredAt,
          expires_on: null,
        },
      },
    ],
    AnnouncementEdited: ({ data }) => [
      {
        table: 'broadcasts',
        update: { facts: announcementFacts(data) },
        where: { announcement_id: data.announcementId },
      },
    ],
    AnnouncementExpirySet: ({ data }) => [
      {
        table: 'broadcasts',
        update: { expires_on: data.expiresOn },
        where: { announcement_id: data.announcementId },
      },
    ],
    MemberPromoted: ({ id, data, occurredAt }) => [
      {
        table: 'residencies',
        insert: { residency_id: id, email: data.email.toLowerCase(), since: occurredAt },
      },
    ],
    AgreementAccepted: notify,
    AgreementRejected: notify,
    RentPaid: notify,
    RentRefunded: notify,
    RentReminderIssued: notify,
    OfflinePaymentRecorded: notify,
    ChargeAdded: notify,
    DepositPaid: notify,
    DepositSettled: notify,
    MaintenanceStatusChanged: notify,
    MaintenanceCommentAdded: notify,
    MemberDemoted: (event) => [
      ...notify(event),
      {
        table: 'residencies',
        update: { ended_at: event.occurredAt },
        where: { email: event.data.email.toLowerCase(), ended_at: null },
      },
    ],
    NotificationsRead: ({ data }) => [
      { table: 'recipients', upsert: { email: data.email.toLowerCase(), read_up_to: data.upTo } },
    ],
    EmailPreferencesChanged: ({ data }) => [
      {
        table: 'recipients',
        upsert: { email: data.email.toLowerCase(), email_off: JSON.stringify(data.off) },
      },
    ],
  },
});
