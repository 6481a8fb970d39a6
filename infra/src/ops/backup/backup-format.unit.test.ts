import { describe, expect, it } from 'vitest';
import { backupEventRow } from './backup-format.ts';

const row = {
  position: 42,
  id: '78daf8f1-7766-42d8-9863-1d3ce4ebdf4b',
  stream: 'user-rafi@example.com',
  version: 3,
  type: 'ProfileUpdated',
  schema_version: 1,
  data: { name: 'Rafi' },
  occurred_at: '2026-11-27T08:11:00.123456Z',
  actor: 'system',
  correlation_id: '0f6b3c2e-5d4a-4b7e-9c1d-2a3b4c5d6e7f',
  causation_id: null,
  prev_hash: 'ab12',
  hash: 'cd34',
};

describe('a backup line of an event row', () => {
  it('takes a row as the backup writes it', () => {
    expect(backupEventRow.safeParse(row).success).toBe(true);
  });

  it('refuses what a damaged file can garble before the checksum is reached', () => {
    for (const garbled of [
      { occurred_at: '2026-11-2\u00187T08:11:00Z' },
      { id: '78daf8f1-7766-42d8-9863-1d3ce4ebdf4' },
      { correlation_id: 'not a uuid' },
      { version: 2 ** 33 },
      { position: -1 },
      { data: null },
      { hash: undefined },
    ])
      expect(backupEventRow.safeParse({ ...row, ...garbled }).success, JSON.stringify(garbled)).toBe(false);
  });
});
