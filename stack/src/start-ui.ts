import { createServer as createHttpServer } from 'node:http';
import { once } from 'node:events';
import { createServer } from 'vite';

export interface RunningUi {
  url: string;
  stop(): Promise<void>;
}

/**
 * The UI's Vite dev server, in this process. Middleware mode on our own HTTP server, because
 * Vite's own server exits the process on SIGTERM or when stdin ends, before the launcher has
 * stopped the rest. Vite reads VITE_* from process.env when it resolves its config, so they are
 * set only around createServer: several stacks may run in one process (tests).
 */
export async function startUi(options: {
  root: string;
  host: string;
  port: number;
  env: Record<string, string>;
}): Promise<RunningUi> {
  const httpServer = createHttpServer();
  const saved = Object.fromEntries(Object.keys(options.env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, options.env);
  let vite;
  try {
    vite = await createServer({
      root: options.root,
      configFile: `${options.root}/vite.config.ts`,
      appType: 'spa',
      server: { middlewareMode: true, ws: { server: httpServer } },
      clearScreen: false,
      logLevel: 'warn',
    });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  httpServer.on('request', vite.middlewares);
  httpServer.listen(options.port, options.host);
  await once(httpServer, 'listening');
  const url = `http://${options.host}:${options.port}`;
  // Asking for the page and its entry now lets Vite pre-bundle the dependencies before a browser asks.
  await fetch(`${url}/`).catch(() => undefined);
  await fetch(`${url}/src/main.tsx`).catch(() => undefined);
  return {
    url,
    async stop() {
      await vite.close();
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeAllConnections();
      await closed;
    },
  };
}
