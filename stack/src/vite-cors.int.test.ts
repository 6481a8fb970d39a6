import { createServer as createHttpServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const uiOrigin = 'http://ui.building.test:5173';
const uiRoot = fileURLToPath(new URL('../../ui', import.meta.url));

/** `npm run dev`'s Vite answers CORS for exactly UI_ORIGINS: not, as Vite would by default, any localhost port. */
describe("the UI's dev server", () => {
  let vite: ViteDevServer;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const saved = process.env.UI_ORIGINS;
    process.env.UI_ORIGINS = uiOrigin;
    try {
      vite = await createServer({
        root: uiRoot,
        configFile: `${uiRoot}/vite.config.ts`,
        server: { middlewareMode: true, hmr: false },
        logLevel: 'silent',
      });
    } finally {
      if (saved === undefined) delete process.env.UI_ORIGINS;
      else process.env.UI_ORIGINS = saved;
    }
    server = createHttpServer(vite.middlewares);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await vite?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const allowOrigin = async (origin: string) =>
    (await fetch(`${url}/index.html`, { headers: { origin } })).headers.get('access-control-allow-origin');

  it("answers CORS for the UI's origins only", async () => {
    expect(await allowOrigin(uiOrigin)).toBe(uiOrigin);
    for (const other of ['http://localhost:3000', 'http://127.0.0.1:5174', 'http://[::1]:8080'])
      expect(await allowOrigin(other)).toBeNull();
  });
});
