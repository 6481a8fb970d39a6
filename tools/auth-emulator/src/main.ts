import { z } from 'zod';
import { startAuthEmulator } from './start-auth-emulator.ts';

// The auth emulator alone (docker compose): `npx tsx tools/auth-emulator/src/main.ts`.
const env = z
  .object({
    AUTH_EMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(9099),
    AUTH_EMULATOR_BIND: z.string().default('127.0.0.1'),
    AUTH_EMULATOR_DATA_DIR: z.string().optional(),
    FIREBASE_PROJECT_ID: z.string().default('demo-building'),
  })
  .parse(process.env);

const emulator = await startAuthEmulator({
  port: env.AUTH_EMULATOR_PORT,
  bindHost: env.AUTH_EMULATOR_BIND,
  projectId: env.FIREBASE_PROJECT_ID,
  dataDir: env.AUTH_EMULATOR_DATA_DIR,
});
console.log(`[auth-emulator] project ${emulator.projectId} on port ${env.AUTH_EMULATOR_PORT}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void emulator.stop().then(() => process.exit(0));
  });
