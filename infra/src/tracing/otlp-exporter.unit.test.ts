import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otlpTraceExporter } from './otlp-exporter.ts';
import { inSpan, startTracing } from './tracing.ts';

describe('the OTLP exporter', () => {
  const received: string[] = [];
  let server: http.Server;
  let endpoint: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(`${req.url} ${req.headers['content-type']}`);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const exportOne = async (env: Record<string, string>) => {
    const before = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
    try {
      const tracing = startTracing('test', {
        exporter: otlpTraceExporter(env),
        env: { TRACE_COMMANDS_RATIO: '1' },
      });
      await inSpan('POST', async () => {});
      await tracing.stop();
    } finally {
      if (before === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = before;
    }
    return received.pop();
  };

  it('sends protobuf unless JSON is asked for, and refuses a protocol it does not speak', async () => {
    expect(await exportOne({})).toBe('/v1/traces application/x-protobuf');
    expect(await exportOne({ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' })).toBe(
      '/v1/traces application/x-protobuf',
    );
    expect(await exportOne({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('/v1/traces application/json');
    expect(() => otlpTraceExporter({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/http\/protobuf/);
  });
});
