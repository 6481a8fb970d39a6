// The stack pulls in the services' code; their ambient declarations live outside the UI's tsconfig.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a script .d.ts cannot be imported
/// <reference path="../../../command-service/src/images/koa-multer.d.ts" />
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeStackPorts } from '@building/stack/stack-ports';
import { startStack } from '@building/stack/start-stack';

/**
 * Global set-up of the e2e project: the same stack as `npm start`, on free ports with a fresh data
 * dir of its own, so the browser tests never touch a developer's data; its URLs and demo accounts go into
 * process.env for the test files (read them with e2eStack()).
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Inside the project like npm start's .data/, so the secrets test asks for files a misconfigured
  // server in the project would reach.
  const dataRoot = fileURLToPath(new URL('../../../.data', import.meta.url));
  mkdirSync(dataRoot, { recursive: true });
  const dataDir = mkdtempSync(join(dataRoot, 'e2e-'));
  const stack = await startStack({
    dataDir,
    ports: await freeStackPorts(),
    // The reminder scheduler wakes every 2 s, not every minute, so a journey sees its reminder.
    env: { REMINDER_INTERVAL_MS: '2000' },
    log: (line) => console.log(`[e2e stack] ${line}`),
    // The servers' warnings and errors only: their routine output would drown the test report.
    output: (name, line, stream) => {
      if (stream === 'stderr') console.error(`[e2e ${name}] ${line}`);
    },
  });
  Object.assign(process.env, {
    E2E_UI_URL: stack.urls.ui,
    E2E_COMMAND_URL: stack.urls.command,
    E2E_QUERY_URL: stack.urls.query,
    E2E_AUTH_HOST: stack.authHost,
    E2E_SANDBOX_URL: stack.urls.sandbox,
    E2E_MAILBOX_URL: stack.urls.mailbox ?? '',
    E2E_ACCOUNTS: JSON.stringify(stack.accounts),
    E2E_DATA_DIR: dataDir,
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
