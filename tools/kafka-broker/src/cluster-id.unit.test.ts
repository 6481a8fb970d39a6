import { describe, expect, it } from 'vitest';
import { newClusterId } from './cluster-id.ts';

describe('newClusterId', () => {
  it('draws again when the id would start with a dash', () => {
    // 0xf8 0x00 ... encodes as "-A...": the storage tool would take it for an option.
    const draws = [Buffer.alloc(16, 0), Buffer.alloc(16, 1)];
    draws[0]![0] = 0xf8;
    const id = newClusterId(() => draws.shift()!);
    expect(id).toBe(Buffer.alloc(16, 1).toString('base64url'));
    expect(draws).toHaveLength(0);
  });

  it('is 22 characters of URL-safe base64', () => {
    for (let i = 0; i < 200; i++) expect(newClusterId()).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
  });
});
