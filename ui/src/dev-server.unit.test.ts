import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ui = join(dirname(fileURLToPath(import.meta.url)), '..');
const project = join(ui, '..');
const secret = `secret-${randomBytes(12).toString('hex')}`;

/** A GET with the path sent as written: fetch() would resolve the `..` in it first. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The ways a dev server has been tricked into reading a file, for a file at `file`. */
const pathForms = (file: string) => {
  const relative = file.slice(project.length); // /.data/x
  return [
    `/@fs${file}`,
    `/@fs${file}?raw`,
    `/@fs${file}?raw??`,
    `/@fs${file}?import&raw`,
    `/@fs${file}?url`,
    `/@fs${file}?import`,
    `/@fs${file}?inline`,
    `/@fs${file}?.svg?raw`,
    `/@fs${file.replaceAll('/', '//')}?raw`,
    `/@fs${file.replace('.data', '%2edata')}?raw`,
    `/@fs${ui}/../${relative.slice(1)}?raw`,
    `/@fs${ui}/%2e%2e${relative}?raw`,
    `/..${relative}?raw`,
    `/%2e%2e${relative}?raw`,
    `/src/..%2f..${relative}?raw`,
  ];
};

describe('the dev server (vite.config.ts) hands out no secret', () => {
  let server: ViteDevServer;
  let port: number;
  const cleanUp: string[] = [];
  // Probes named like the secrets, where the stack keeps them and inside the UI itself.
  const dataDir = join(project, '.data');
  const inData = join(dataDir, `jwt-secret-probe-${process.pid}`);
  const probeDir = join(ui, 'node_modules', `.secret-probe-${process.pid}`);
  const inUi = join(probeDir, 'webhook-secret');

  beforeAll(async () => {
    if (!existsSync(dataDir)) {
      mkdirSync(dataDir);
      cleanUp.push(dataDir);
    }
    writeFileSync(inData, secret, { mode: 0o600 });
    cleanUp.push(inData);
    mkdirSync(probeDir, { recursive: true });
    cleanUp.push(probeDir);
    writeFileSync(inUi, secret, { mode: 0o600 });
    server = await createServer({
      configFile: join(ui, 'vite.config.ts'),
      root: ui,
      logLevel: 'silent',
      clearScreen: false,
      optimizeDeps: { noDiscovery: true, include: [] },
      // Nothing compiled ahead of the requests (Bulma's Sass takes seconds): the server closes at once.
      server: { port: 0, strictPort: false, watch: null, preTransformRequests: false },
    });
    await server.listen();
    port = (server.httpServer!.address() as AddressInfo).port;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    for (const path of cleanUp.reverse()) rmSync(path, { recursive: true, force: true });
  }, 60_000);

  it('serves the UI itself', async () => {
    expect((await get(port, '/')).body).toContain('<div id="root">');
    // The same path form the attacks use, for a file it may serve: the refusals below are not blanket.
    const own = await get(port, `/@fs${ui}/src/main.tsx?raw`);
    expect(own.status).toBe(200);
    expect(own.body).toMatch(/^export default ".*createRoot/s);
  });

  it.each([
    ['a file in .data/', inData],
    ['a file named like a secret inside the UI', inUi],
  ])('refuses %s by every path form', async (_, file) => {
    for (const path of pathForms(file)) {
      const { status, body } = await get(port, path);
      expect(body, path).not.toContain(secret);
      if (path.startsWith('/@fs')) expect(status, path).toBeGreaterThanOrEqual(400);
    }
  });

  it('refuses the rest of the project outside ui/', async () => {
    const { status, body } = await get(port, `/@fs${project}/package.json?raw`);
    expect(status).toBe(403);
    expect(body).not.toContain('"workspaces"');
  });
});
