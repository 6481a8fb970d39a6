// The stack pulls in the services' code; their ambient declarations live outside the UI's tsconfig.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a script .d.ts cannot be imported
/// <reference path="../../../command-service/src/images/koa-multer.d.ts" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeStackPorts, startStack } from '@building/stack/start-stack';

/**
 * Global set-up of the e2e project: the same stack as `npm start`, on free ports with a fresh data
 * dir, so the browser tests never touch a developer's data; its URLs and demo accounts go into
 * process.env for the test files (read them with e2eStack()).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'building-e2e-'));
  const stack = await startStack({
    dataDir,
    ports: await freeStackPorts(),
    log: (line) => console.log(`[e2e stack] ${line}`),
  });
  Object.assign(process.env, {
    E2E_UI_URL: stack.urls.ui,
    E2E_COMMAND_URL: stack.urls.command,
    E2E_QUERY_URL: stack.urls.query,
    E2E_AUTH_HOST: stack.authHost,
    E2E_SANDBOX_URL: stack.urls.sandbox,
    E2E_ACCOUNTS: JSON.stringify(stack.accounts),
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
