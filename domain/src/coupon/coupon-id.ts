import { nameBasedUuid } from '../command-handling/name-based-id.ts';

/**
 * Coupon codes are unique, case-insensitively, across all coupons. Rather than a reservation stream
 * or a side table, a coupon's id IS its normalised code, hashed into a name-based (version 5) UUID:
 * two admins adding 'SAVE10' and 'save10' both append to the same stream at expected version 0, so
 * the store's unique (stream, version) lets exactly one of them win, in the same transaction as the
 * CouponAdded event and with nothing else to keep in step. The id stays a UUID, as routes expect.
 */
const namespace = Buffer.from('5f0f6f7e0b8a4d6a9a3c2d1e0f9b8a7c', 'hex');

export const normaliseCode = (code: string) => code.trim().toLowerCase();

export const couponIdFor = (code: string): string => nameBasedUuid(namespace, normaliseCode(code));
