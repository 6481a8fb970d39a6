import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runMain } from '@building/infra/process/run-main';
import { startUiServer } from './ui-server.ts';
import { uiRuntimeConfig } from './ui-security.ts';

// The UI's production build on its own server (npm start, docker compose): HOST:UI_PORT, the
// build in UI_DIST_DIR (default ui/dist), run-time settings from the VITE_* variables.
const env = z
  .object({
    HOST: z.string().default('127.0.0.1'),
    UI_PORT: z.coerce.number().int().min(0).max(65535).default(5173),
    UI_DIST_DIR: z.string().default(fileURLToPath(new URL('../../../ui/dist', import.meta.url))),
    // Where this server reads the landing pages' data when the browser's address of the
    // query-service (VITE_QUERY_URL) does not reach it from here (a container's localhost).
    UI_SERVER_QUERY_URL: z.optional(z.url()),
  })
  .parse(process.env);

// The landing pages are drawn with React's production build (its development build checks, and
// warns, at several times the cost).
process.env.NODE_ENV ??= 'production';

await runMain('ui', async () => {
  const server = await startUiServer({
    distDir: env.UI_DIST_DIR,
    host: env.HOST,
    port: env.UI_PORT,
    config: uiRuntimeConfig(process.env),
    queryUrlFromHere: env.UI_SERVER_QUERY_URL,
  });
  return { said: `the production build at ${server.url}`, stop: () => server.stop() };
});
