import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, inRequestScope, maskEmail } from './logger.ts';
import { readableLine } from './readable-line.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().trim().split('\n'));
      done();
    },
  });
  return { lines, stream };
}

describe('structured logs', () => {
  it('writes JSON lines with the request id, redacts secrets and masks emails', async () => {
    const { lines, stream } = capture();
    const log = createLogger('command-service', stream);
    await inRequestScope({ requestId: 'req-12345678' }, async () =>
      log.info(
        {
          correlationId: 'c-1',
          to: maskEmail('rafi@example.com'),
          authorization: 'Bearer x',
          request: { headers: 'kept', token: 't0ken', password: 'hunter2' },
        },
        'sent',
      ),
    );
    log.warn('outside any request');
    const [inside, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({
      name: 'command-service',
      msg: 'sent',
      requestId: 'req-12345678',
      correlationId: 'c-1',
      to: 'r***@example.com',
      authorization: '[redacted]',
      request: { headers: 'kept', token: '[redacted]', password: '[redacted]' },
    });
    expect(lines.join('\n')).not.toMatch(/t0ken|hunter2|Bearer/);
    expect(outside).not.toHaveProperty('requestId');
    expect(lines.join('\n')).not.toContain('rafi@');
  });

  it('reads a JSON line as the prefixed text npm start shows, and leaves other lines alone', () => {
    const { lines, stream } = capture();
    const log = createLogger('projector', stream);
    log.info({ events: 3 }, 'running');
    log.error({ err: new Error('down') }, 'tailing failed');
    expect(readableLine(lines[0]!)).toBe('[projector] running events=3');
    expect(readableLine(lines[1]!)).toMatch(/^\[projector\] error: tailing failed\nError: down\n/);
    expect(readableLine('PostgreSQL ready')).toBe('PostgreSQL ready');
    expect(readableLine('{"not":"ours"}')).toBe('{"not":"ours"}');
  });

  it('masks what cannot be an address too', () => {
    expect(maskEmail('nobody')).toBe('***');
  });
});
