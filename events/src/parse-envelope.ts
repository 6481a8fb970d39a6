import { z } from 'zod';
import {
  envelopeSchema,
  projectedEnvelopeSchema,
  type Actor,
  type ProjectedEnvelope,
  type StoredEvent,
} from './envelope.ts';

// The very patterns zod applies for `envelopeSchema`'s string formats.
const uuid = z.regexes.uuid();
const email = z.regexes.email;
const datetime = z.regexes.datetime({ offset: true });
const hash = /^[0-9a-f]{64}$/;
const roles = new Set<unknown>(['admin', 'member', 'user']);

const isPositiveInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isUuid = (value: unknown): value is string => typeof value === 'string' && uuid.test(value);
const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  Object.getPrototypeOf(value) === Object.prototype &&
  !Object.hasOwn(value, '__proto__');

function actorOf(value: unknown): Actor | undefined {
  if (value === 'system' || value === 'import') return value;
  if (!isPlainRecord(value)) return undefined;
  const { email: address, role } = value;
  if (typeof address !== 'string' || !email.test(address) || !roles.has(role)) return undefined;
  return { email: address, role: role as Exclude<Actor, string>['role'] };
}

/** Event metadata as eventMetadataSchema has it: at most the two W3C trace-context strings. */
function isTraceContext(value: unknown): value is Record<string, string> {
  if (!isPlainRecord(value)) return false;
  const { traceparent, tracestate, ...rest } = value;
  return (
    Object.keys(rest).length === 0 &&
    (traceparent === undefined || (typeof traceparent === 'string' && traceparent.length <= 128)) &&
    (tracestate === undefined || (typeof tracestate === 'string' && tracestate.length <= 512))
  );
}

/**
 * The checks of `envelopeSchema` written out for the shape our own envelopes have (a plain
 * object, as JSON or a database row gives it): several times cheaper than zod's general parse,
 * which every event read goes through. Anything it does not accept goes to zod, which then
 * accepts it or throws with the reason, so this path can only be stricter, never looser.
 */
function fastProjected(raw: unknown): ProjectedEnvelope | undefined {
  if (!isPlainRecord(raw)) return undefined;
  const { id, stream, version, position, type, schemaVersion, data, occurredAt, correlationId, metadata } =
    raw;
  if (
    !isUuid(id) ||
    typeof stream !== 'string' ||
    stream.length < 3 ||
    stream.length > 200 ||
    !isPositiveInt(version) ||
    !isPositiveInt(position) ||
    typeof type !== 'string' ||
    type.length === 0 ||
    !isPositiveInt(schemaVersion) ||
    !isPlainRecord(data) ||
    typeof occurredAt !== 'string' ||
    !datetime.test(occurredAt) ||
    (correlationId !== undefined && !isUuid(correlationId)) ||
    (metadata !== undefined && !isTraceContext(metadata))
  ) {
    return undefined;
  }
  const projected: ProjectedEnvelope = {
    id,
    stream,
    version,
    position,
    type,
    schemaVersion,
    data: { ...data },
    occurredAt,
  };
  if (correlationId !== undefined) projected.correlationId = correlationId;
  if (metadata !== undefined) projected.metadata = { ...metadata };
  return projected;
}

function fastEnvelope(raw: unknown): StoredEvent | undefined {
  const projected = fastProjected(raw);
  if (!projected) return undefined;
  const { actor, correlationId, causationId, prevHash, hash: eventHash } = raw as Record<string, unknown>;
  if (
    !isUuid(correlationId) || // optional in a projected envelope, required in a whole one
    (causationId !== null && !isUuid(causationId)) ||
    (prevHash !== null && typeof prevHash !== 'string') ||
    typeof eventHash !== 'string' ||
    !hash.test(eventHash)
  ) {
    return undefined;
  }
  const who = actorOf(actor);
  if (who === undefined) return undefined;
  return { ...projected, actor: who, correlationId, causationId, prevHash, hash: eventHash };
}

/** `envelopeSchema.parse`, with a fast path for well-formed envelopes: same result, same errors. */
export function parseEnvelope(raw: unknown): StoredEvent {
  return fastEnvelope(raw) ?? envelopeSchema.parse(raw);
}

/** The projected part of an envelope (a full one or one read without its audit fields), checked alike. */
export function parseProjectedEnvelope(raw: unknown): ProjectedEnvelope {
  return fastProjected(raw) ?? projectedEnvelopeSchema.parse(raw);
}
