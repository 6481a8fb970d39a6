import { createHash } from 'node:crypto';

/** A read's answer as it goes on the wire: the JSON bytes, serialized once, and their ETag. */
export interface CachedResponse {
  body: Buffer;
  etag: string;
}

/** The ETag names the bytes themselves: equal answers share it whatever cache key produced them. */
export function responseOfBytes(body: Buffer): CachedResponse {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

export const responseOf = (value: unknown): CachedResponse =>
  responseOfBytes(Buffer.from(JSON.stringify(value)));
