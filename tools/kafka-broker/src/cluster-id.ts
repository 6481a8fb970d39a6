import { randomBytes } from 'node:crypto';

/**
 * A new KRaft cluster id: 16 random bytes in URL-safe base64 without padding, never starting with
 * '-' (one id in 64 would): the storage tool would read such an id as an option and refuse to
 * format. Kafka's own Uuid.randomUuid() draws again for the same reason.
 */
export function newClusterId(random: () => Buffer = () => randomBytes(16)): string {
  for (;;) {
    const id = random().toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}
