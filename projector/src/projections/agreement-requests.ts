import { agreementRequestsView } from '@building/events/read-models/agreement-requests';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

/** Agreement requests: the admins' pending inbox and each user's own requests (user profile). */
export const agreementRequests = defineProjection(agreementRequestsView, {
  tables: {
    requests: {
      key: 'request_id',
      columns: {
        request_id: column.uuid(),
        si: column.integer(),
        user_name: column.text(),
        user_email: column.text(),
        floor: column.integer(),
        block: column.text(),
        apartment: column.text(),
        rent: column.integer(),
        room: column.text(),
        status: column.text(),
        requested_at: column.timestamptz(),
        decided_at: column.timestamptz({ nullable: true }),
      },
      indexes: [['user_email'], ['status', 'requested_at']],
    },
  },
  on: {
    AgreementRequested: ({ data }) => [
      {
        table: 'requests',
        insert: {
          request_id: data.requestId,
          si: data.si,
          user_name: data.userName,
          user_email: data.userEmail.toLowerCase(),
          floor: data.floor,
          block: data.block,
          apartment: data.apartment,
          rent: data.rent,
          room: data.room,
          status: 'pending',
          requested_at: data.requestedAt,
        },
      },
    ],
    AgreementAccepted: ({ data }) => [
      {
        table: 'requests',
        update: { status: 'accepted', decided_at: data.acceptedAt },
        where: { request_id: data.requestId },
      },
    ],
    AgreementRejected: ({ data, occurredAt }) => [
      {
        table: 'requests',
        update: { status: 'rejected', decided_at: occurredAt },
        where: { request_id: data.requestId },
      },
    ],
    AgreementWithdrawn: ({ data }) => [
      {
        table: 'requests',
        update: { status: 'withdrawn', decided_at: data.withdrawnAt },
        where: { request_id: data.requestId },
      },
    ],
  },
});
