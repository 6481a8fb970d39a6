import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { envelopeSchema, projectedEnvelopeSchema } from './envelope.ts';
import { parseEnvelope, parseProjectedEnvelope } from './parse-envelope.ts';

const valid = {
  id: '7b0c6f1e-1c63-4bd4-9d36-3f3f1e0a3c11',
  stream: 'user-mina@building.test',
  version: 2,
  position: 41,
  type: 'ProfileUpdated',
  schemaVersion: 1,
  data: { email: 'mina@building.test', name: 'Mina', photoURL: '' },
  occurredAt: '2026-03-01T10:00:00.000Z',
  actor: { email: 'mina@building.test', role: 'user' },
  correlationId: '0f8e3a52-7c1d-4e2b-8a3f-5b6c7d8e9f01',
  causationId: null,
  prevHash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
};

/** Values each field may take: valid ones, and ones zod rejects. */
const variants: Record<string, unknown[]> = {
  id: [
    '00000000-0000-0000-0000-000000000000',
    '7B0C6F1E-1C63-4BD4-9D36-3F3F1E0A3C11',
    'x',
    '7b0c6f1e-1c63-0bd4-9d36-3f3f1e0a3c11',
    7,
    null,
  ],
  stream: ['ab', 'abc', 'x'.repeat(200), 'x'.repeat(201), 3, undefined],
  version: [1, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '2'],
  position: [1, 0, 1.5, '41', null],
  type: ['', 'Anything', 5],
  schemaVersion: [2, 0, '1'],
  data: [{}, [], null, 'x', new Date(0), Object.create(null), JSON.parse('{"__proto__": {"a": 1}}')],
  occurredAt: [
    '2026-03-01T10:00:00Z',
    '2026-03-01T10:00:00.123456Z',
    '2026-03-01T10:00:00+06:00',
    '2026-03-01T10:00Z',
    '2026-02-29T10:00:00.000Z',
    '2024-02-29T10:00:00.000Z',
    '2026-13-01T10:00:00.000Z',
    '2026-03-01 10:00:00.000Z',
    '2026-03-01T24:00:00.000Z',
    '',
    0,
  ],
  actor: [
    'system',
    'System',
    'import',
    'importer',
    { email: 'admin@building.test', role: 'admin' },
    { email: 'admin@building.test', role: 'owner' },
    { email: 'not an email', role: 'user' },
    { email: 'a@b.test', role: 'user', extra: true },
    { role: 'user' },
    null,
  ],
  correlationId: ['x', null, '0f8e3a52-7c1d-4e2b-8a3f-5b6c7d8e9f01'],
  causationId: ['0f8e3a52-7c1d-4e2b-8a3f-5b6c7d8e9f01', 'x', undefined],
  prevHash: [null, '', 'anything', 5],
  hash: ['B'.repeat(64), 'b'.repeat(63), 'b'.repeat(65), null],
};

/** The fast parse against the zod schema it stands for: same values, same issues. */
function sameAsZod(parse: (raw: unknown) => unknown, schema: z.ZodType) {
  const outcome = (run: () => unknown) => {
    try {
      return { value: run() };
    } catch (error) {
      return { error: (error as { issues?: unknown }).issues };
    }
  };
  const expectSame = (raw: unknown, what?: string) =>
    expect(
      outcome(() => parse(raw)),
      what,
    ).toEqual(outcome(() => schema.parse(raw)));

  it.each(Object.entries(variants))('gives what zod gives for every value of %s', (field, values) => {
    for (const value of values)
      expectSame({ ...valid, [field]: value }, `${field} = ${JSON.stringify(value)}`);
  });

  it('gives what zod gives for a missing field and for what is not an object', () => {
    for (const field of Object.keys(valid)) {
      const { [field as keyof typeof valid]: _, ...raw } = valid;
      expectSame(raw, `without ${field}`);
    }
    for (const raw of [null, undefined, 'event', 42, [valid]]) expectSame(raw);
  });
}

describe('parseEnvelope', () => {
  it('accepts a well-formed envelope as zod does, keeping only the envelope fields', () => {
    const parsed = parseEnvelope({ ...valid, extra: 'dropped' });
    expect(parsed).toEqual(envelopeSchema.parse(valid));
    expect(parsed).not.toHaveProperty('extra');
    expect(parsed.data).not.toBe(valid.data);
  });

  sameAsZod(parseEnvelope, envelopeSchema);
});

describe('parseProjectedEnvelope', () => {
  const audit = ['actor', 'causationId', 'prevHash', 'hash'];

  it('takes a whole envelope or one read without its audit fields, and keeps neither those nor extras', () => {
    const projected = parseProjectedEnvelope({ ...valid, extra: 'dropped' });
    expect(projected).toEqual(projectedEnvelopeSchema.parse(valid));
    for (const field of [...audit, 'extra']) expect(projected).not.toHaveProperty(field);
    const read = Object.fromEntries(Object.entries(valid).filter(([field]) => !audit.includes(field)));
    expect(parseProjectedEnvelope(read)).toEqual(projected);
  });

  it('keeps the correlation when the envelope has one (for the logs), and does without it', () => {
    expect(parseProjectedEnvelope(valid).correlationId).toBe(valid.correlationId);
    const { correlationId: _, ...uncorrelated } = valid;
    expect(parseProjectedEnvelope(uncorrelated)).not.toHaveProperty('correlationId');
    expect(() => parseProjectedEnvelope({ ...valid, correlationId: 'not-a-uuid' })).toThrow();
  });

  sameAsZod(parseProjectedEnvelope, projectedEnvelopeSchema);
});
