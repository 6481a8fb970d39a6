import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import { hashEvent, verifyStream, type HashedFields } from './hash-chain.ts';
import type { StoredEvent } from './envelope.ts';

function chain(count: number): StoredEvent[] {
  const events: StoredEvent[] = [];
  for (let version = 1; version <= count; version++) {
    const fields: HashedFields = {
      id: crypto.randomUUID(),
      stream: 'coupon-1',
      version,
      type: 'CouponDisabled',
      schemaVersion: 1,
      data: { couponId: 'c', n: version },
      occurredAt: '2026-01-01T00:00:00.000Z',
      actor: 'system',
      correlationId: crypto.randomUUID(),
      causationId: null,
      prevHash: events.at(-1)?.hash ?? null,
    };
    events.push({ ...fields, position: version * 10, hash: hashEvent(fields) });
  }
  return events;
}

describe('canonical serialization', () => {
  it('is independent of key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { y: 2, z: 1 }] }, b: 1 }),
    );
  });
});

describe('the per-stream hash chain', () => {
  it('verifies an intact chain, whatever the positions', () => {
    expect(verifyStream(chain(4))).toBeNull();
  });
  it('finds the first event whose data was changed', () => {
    const events = chain(4);
    events[2] = { ...events[2]!, data: { couponId: 'c', n: 99 } };
    expect(verifyStream(events)).toEqual({ stream: 'coupon-1', version: 3, reason: 'hash-mismatch' });
  });
  it('finds a removed event', () => {
    const events = chain(4);
    events.splice(1, 1);
    expect(verifyStream(events)).toEqual({ stream: 'coupon-1', version: 3, reason: 'version-gap' });
  });
  it('finds a re-hashed event whose link no longer matches', () => {
    const events = chain(3);
    const forged = { ...events[1]!, data: { couponId: 'c', n: 7 } };
    events[1] = { ...forged, hash: hashEvent(forged) };
    expect(verifyStream(events)).toEqual({ stream: 'coupon-1', version: 3, reason: 'prev-hash-mismatch' });
  });
});
