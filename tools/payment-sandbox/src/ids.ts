import { randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-looking object id such as `pi_3MtwBwLkdIwHu7ix28a3tqPa`: a prefix and random base62 characters. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

/** Seconds since the epoch, the unit of every `created` field in Stripe's API. */
export function unixSeconds(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}
