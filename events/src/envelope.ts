import { z } from 'zod';

export const roleSchema = z.enum(['admin', 'member', 'user']);
export type Role = z.infer<typeof roleSchema>;

/**
 * Who caused an event: a signed-in person, the system itself (seeding, provider webhooks), or an
 * operator's import of a building's records (`npm run import`).
 */
export const actorSchema = z.union([
  z.object({ email: z.string().email(), role: roleSchema }),
  z.literal('system'),
  z.literal('import'),
]);
export type Actor = z.infer<typeof actorSchema>;

/**
 * Operational context an event carries beside its facts: the W3C trace context of the command
 * that recorded it, so the relay, the projector and the mailer continue that command's trace. Not
 * hashed (it says how the event was handled, not what happened) and absent when tracing is off.
 */
export const eventMetadataSchema = z.object({
  traceparent: z.string().max(128).optional(),
  tracestate: z.string().max(512).optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** The envelope as stored and published. `data` is validated per type by the catalogue. */
export const envelopeSchema = z.object({
  id: z.string().uuid(),
  stream: z.string().min(3).max(200),
  version: z.number().int().positive(),
  position: z.number().int().positive(),
  type: z.string().min(1),
  schemaVersion: z.number().int().positive(),
  data: z.record(z.string(), z.unknown()),
  occurredAt: z.string().datetime({ offset: true }),
  actor: actorSchema,
  correlationId: z.string().uuid(),
  causationId: z.string().uuid().nullable(),
  prevHash: z.string().nullable(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  metadata: eventMetadataSchema.optional(),
});
export type StoredEvent = z.infer<typeof envelopeSchema>;

/**
 * What a projection reads of an envelope: the rest (who acted, the hash chain) is the audit's, and
 * a rebuild that reads and checks only this reads the log about a quarter faster. The correlation
 * comes along when known, so the projector's, the mailer's and the live updates' logs name it.
 */
export const projectedEnvelopeSchema = envelopeSchema
  .pick({
    id: true,
    stream: true,
    version: true,
    position: true,
    type: true,
    schemaVersion: true,
    data: true,
    occurredAt: true,
  })
  .extend({ correlationId: z.string().uuid().optional(), metadata: eventMetadataSchema.optional() });
export type ProjectedEnvelope = z.infer<typeof projectedEnvelopeSchema>;

/** What a decider returns: the store adds stream, version, position and the hash chain. */
export interface NewEvent {
  type: string;
  data: Record<string, unknown>;
}

/** Metadata that arrives with a command: the clock and ids stay outside the pure logic. */
export interface CommandMetadata {
  now: Date;
  actor: Actor;
  correlationId: string;
  causationId?: string | null;
}
