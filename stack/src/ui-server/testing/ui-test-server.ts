import { request } from 'node:http';
import { startUiServer, type RunningUiServer, type UiServerOptions } from '../ui-server.ts';

/** The UI server over the build in `distDir`, on a free loopback port, with the services' usual addresses. */
export function startTestUiServer(
  distDir: string,
  options: Partial<UiServerOptions> = {},
): Promise<RunningUiServer> {
  return startUiServer({
    distDir,
    host: '127.0.0.1',
    port: 0,
    config: { VITE_COMMAND_URL: 'http://127.0.0.1:4001', VITE_QUERY_URL: 'http://127.0.0.1:4002' },
    ...options,
  });
}

/** A raw request to the server at `url`: the path goes out exactly as written (fetch would normalise `..`). */
export function rawRequest(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.once('error', reject);
    req.end();
  });
}
