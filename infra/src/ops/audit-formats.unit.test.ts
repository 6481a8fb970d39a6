import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@building/events/envelope';
import { alignTable, csvField, eventWriter } from './audit-formats.ts';

const event: StoredEvent = {
  id: '00000000-0000-4000-8000-000000000001',
  stream: 'coupon-x',
  version: 1,
  position: 12,
  type: 'CouponAdded',
  schemaVersion: 1,
  data: { code: 'A,"B"', description: 'line\nbreak' },
  occurredAt: '2026-01-01T00:00:00.000Z',
  actor: { email: 'admin@building.test', role: 'admin' },
  correlationId: '00000000-0000-4000-8000-000000000002',
  causationId: null,
  prevHash: null,
  hash: 'a'.repeat(64),
};

function render(format: 'table' | 'jsonl' | 'csv', events: StoredEvent[]): string {
  let text = '';
  const writer = eventWriter(format, (t) => (text += t));
  events.forEach((e) => writer.write(e));
  writer.end();
  return text;
}

describe('audit output formats', () => {
  it('quotes CSV fields per RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('writes a CSV header and CRLF rows', () => {
    const lines = render('csv', [event]).split('\r\n');
    expect(lines[0]).toBe('position,occurred_at,stream,version,type,actor,data,hash');
    expect(lines[1]).toBe(
      `12,2026-01-01T00:00:00.000Z,coupon-x,1,CouponAdded,admin@building.test (admin),"{""code"":""A,\\""B\\"""",""description"":""line\\nbreak""}",${'a'.repeat(64)}`,
    );
  });

  it('writes one parseable envelope per JSONL line', () => {
    const lines = render('jsonl', [event, { ...event, version: 2, position: 13 }])
      .trimEnd()
      .split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual([event, { ...event, version: 2, position: 13 }]);
  });

  it('aligns table columns, numbers to the right', () => {
    expect(
      alignTable(
        ['N', 'NAME', 'DATA'],
        [
          ['7', 'a', '{}'],
          ['12', 'long name', '{"x":1}'],
        ],
      ),
    ).toEqual([' N  NAME       DATA', ' 7  a          {}', '12  long name  {"x":1}']);
  });

  it('prints the table with its header', () => {
    const [header, row] = render('table', [event]).trimEnd().split('\n');
    expect(header).toMatch(/^POSITION\s+TIME\s+STREAM\s+VERSION\s+TYPE\s+ACTOR\s+DATA$/);
    expect(row).toContain('admin@building.test (admin)');
  });
});
