import { notificationOf } from '@building/events/notification-of';
import { notificationsView } from '@building/events/read-models/notifications';
import type { ProjectedEvent } from '@building/events/decode-event';
import { defineProjection } from '../projection.ts';
import type { RowChange } from '../row-changes.ts';
import { column } from '../table-spec.ts';

type Table = 'notifications' | 'recipients';

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

/** In-app notifications, the recipients' read marks and the emails they turned off. */
export const notifications = defineProjection(notificationsView, {
  tables: {
    notifications: {
      key: 'notification_id',
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
  },
  on: {
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
    MemberDemoted: notify,
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
