import { defineProjection } from '../projection.ts';

/** Agreement requests: the admins' pending inbox and each user's own requests (user profile). */
export const agreementRequests = defineProjection({
  view: 'agreement-requests',
  version: 1,
  audience: 'owner',
  tables: {
    requests: (t) => `create table if not exists ${t} (
      request_id uuid primary key,
      si integer not null,
      user_name text not null,
      user_email text not null,
      floor integer not null,
      block text not null,
      apartment text not null,
      rent integer not null,
      room text not null,
      status text not null,
      requested_at timestamptz not null,
      decided_at timestamptz
    );
    create index if not exists ${t}_by_user on ${t} (user_email);
    create index if not exists ${t}_by_status on ${t} (status, requested_at)`,
  },
  on: {
    AgreementRequested: (trx, { data }, t) =>
      trx(t.requests)
        .insert({
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
        })
        .onConflict('request_id')
        .ignore(),
    AgreementAccepted: (trx, { data }, t) =>
      trx(t.requests)
        .where({ request_id: data.requestId })
        .update({ status: 'accepted', decided_at: data.acceptedAt }),
    AgreementRejected: (trx, { data, occurredAt }, t) =>
      trx(t.requests)
        .where({ request_id: data.requestId })
        .update({ status: 'rejected', decided_at: occurredAt }),
  },
});
