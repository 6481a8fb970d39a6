import type { Upcaster } from '../upcaster.ts';

/**
 * AgreementRequested v1 was the seed project's document: { si, user_name, user_email, floor, block,
 * apartment, rent, status, room, timestamp (ms, from the client) }. v2 names fields in camelCase,
 * gives the request an id, drops the client's status and stores the time as ISO.
 */
export const agreementRequestedV1: Upcaster = {
  type: 'AgreementRequested',
  fromVersion: 1,
  upcast(data, event) {
    return {
      requestId: event.id,
      si: Number(data.si),
      apartment: String(data.apartment),
      block: String(data.block),
      floor: Number(data.floor),
      room: String(data.room),
      rent: Number(data.rent),
      userEmail: String(data.user_email),
      userName: String(data.user_name ?? ''),
      requestedAt: new Date(Number(data.timestamp)).toISOString(),
    };
  },
};
