import { createHash } from 'node:crypto';

/**
 * A name-based (version 5) UUID of `name` in `namespace`: the same name always gives the same id,
 * so two writers of one thing append to one stream and the store's unique (stream, version) lets
 * exactly one of them win.
 */
export function nameBasedUuid(namespace: Buffer, name: string): string {
  const hash = createHash('sha1').update(namespace).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
