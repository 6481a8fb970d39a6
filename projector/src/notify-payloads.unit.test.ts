import { describe, expect, it } from 'vitest';
import { viewChangesSchema, type ViewChange } from '@building/events/read-models/view-changes';
import { notifyPayloads } from './notify-payloads.ts';

describe('views_changed payloads', () => {
  it('split into messages under the NOTIFY size limit, losing nothing', () => {
    const changes: ViewChange[] = Array.from({ length: 400 }, (_, i) => ({
      view: 'payments',
      position: i + 1,
      owner: `member-${i}@building.test`,
    }));
    const payloads = notifyPayloads(changes);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(7000);
    expect(payloads.flatMap((p) => viewChangesSchema.parse(JSON.parse(p)).changes)).toEqual(changes);
    expect(notifyPayloads([])).toEqual([]);
  });
});
