import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in OpenTelemetry collector for the instrumentation-on runs: takes every OTLP/HTTP export
 * (reads the body, answers 200), so the servers pay for building, batching and sending their spans
 * as they would to a real one, and counts the exports.
 */
export async function startOtlpSink(): Promise<{
  url: string;
  exports: () => number;
  stop(): Promise<void>;
}> {
  let exports = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') exports += 1;
      // An empty ExportTraceServiceResponse, in the encoding of the request.
      if (req.headers['content-type'] === 'application/x-protobuf')
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports: () => exports,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
