import { defineProjection } from '../projection.ts';

/** Each member's leases (memberProfile, memberPayment): active while not ended. */
export const memberApartments = defineProjection({
  view: 'member-apartments',
  version: 1,
  audience: 'owner',
  tables: {
    leases: (t) => `create table if not exists ${t} (
      request_id uuid primary key,
      email text not null,
      si integer not null,
      apartment text not null,
      block text not null,
      floor integer not null,
      room text not null,
      rent integer not null,
      accept_date timestamptz not null,
      ended_at timestamptz
    );
    create index if not exists ${t}_by_email on ${t} (email)`,
  },
  on: {
    AgreementAccepted: (trx, { data }, t) =>
      trx(t.leases)
        .insert({
          request_id: data.requestId,
          email: data.userEmail.toLowerCase(),
          si: data.si,
          apartment: data.apartment,
          block: data.block,
          floor: data.floor,
          room: data.room,
          rent: data.rent,
          accept_date: data.acceptedAt,
        })
        .onConflict('request_id')
        .ignore(),
    LeaseEnded: (trx, { data }, t) =>
      trx(t.leases)
        .where({ si: data.si, email: data.userEmail.toLowerCase() })
        .whereNull('ended_at')
        .update({ ended_at: data.endedAt }),
  },
});
