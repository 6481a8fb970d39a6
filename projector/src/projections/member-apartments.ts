import { memberApartmentsView } from '@building/events/read-models/member-apartments';
import { defineProjection } from '../projection.ts';
import { column } from '../table-spec.ts';

/** Each member's leases (memberProfile, memberPayment): active while not ended. */
export const memberApartments = defineProjection(memberApartmentsView, {
  tables: {
    leases: {
      key: 'request_id',
      columns: {
        request_id: column.uuid(),
        email: column.text(),
        name: column.text(),
        si: column.integer(),
        apartment: column.text(),
        block: column.text(),
        floor: column.integer(),
        room: column.text(),
        rent: column.integer(),
        accept_date: column.timestamptz(),
        ended_at: column.timestamptz({ nullable: true }),
      },
      lookups: ['email'],
    },
  },
  on: {
    AgreementAccepted: ({ data }) => [
      {
        table: 'leases',
        insert: {
          request_id: data.requestId,
          email: data.userEmail.toLowerCase(),
          name: data.userName,
          si: data.si,
          apartment: data.apartment,
          block: data.block,
          floor: data.floor,
          room: data.room,
          rent: data.rent,
          accept_date: data.acceptedAt,
        },
      },
    ],
    LeaseEnded: ({ data }) => [
      {
        table: 'leases',
        update: { ended_at: data.endedAt },
        where: { email: data.userEmail.toLowerCase(), si: data.si, ended_at: null },
      },
    ],
  },
});
