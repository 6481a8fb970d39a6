import { describe, expect, it } from 'vitest';
import { decodeEvent } from './decode-event.ts';
import { hashEvent } from './hash-chain.ts';

const v1 = {
  id: '7b0c6f1e-1c63-4bd4-9d36-3f3f1e0a3c11',
  stream: 'agreement-7',
  version: 1,
  position: 12,
  type: 'AgreementRequested',
  schemaVersion: 1,
  data: {
    si: 7,
    user_name: 'Rahim',
    user_email: 'rahim@example.com',
    floor: 3,
    block: 'B',
    apartment: '302',
    rent: 18000,
    status: 'pending',
    room: '2',
    timestamp: 1764000000000,
  },
  occurredAt: '2025-11-24T16:00:00.000Z',
  actor: { email: 'rahim@example.com', role: 'user' as const },
  correlationId: '0e6f1b6e-4b1b-4a8e-9a86-8c5c1d2b9a01',
  causationId: null,
  prevHash: null,
};

describe('AgreementRequested v1 (the seed project document) upcast to v2', () => {
  it('renames fields, takes the event id as request id and the client time as ISO', () => {
    const decoded = decodeEvent({ ...v1, hash: hashEvent(v1) });
    expect(decoded.schemaVersion).toBe(2);
    expect(decoded.data).toEqual({
      requestId: v1.id,
      si: 7,
      apartment: '302',
      block: 'B',
      floor: 3,
      room: '2',
      rent: 18000,
      userEmail: 'rahim@example.com',
      userName: 'Rahim',
      requestedAt: '2025-11-24T16:00:00.000Z',
    });
  });

  it('rejects an event whose data does not match its schema', () => {
    const bad = { ...v1, schemaVersion: 2, data: { si: 'seven' } };
    expect(() => decodeEvent({ ...bad, hash: hashEvent(bad) })).toThrow();
  });

  it('rejects an unknown type', () => {
    const unknown = { ...v1, type: 'Nope', schemaVersion: 1 };
    expect(() => decodeEvent({ ...unknown, hash: hashEvent(unknown) })).toThrow(/unknown event type/);
  });
});
