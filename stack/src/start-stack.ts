import { mkdirSync } from 'node:fs';
import { loadConfig } from '@building/infra/config';
import { assertStackPortsFree } from './stack-ports.ts';
import { stackSecrets } from './stack-secrets.ts';
import { seedStack } from './start/seed-stack.ts';
import { serverGroup } from './start/server-group.ts';
import { serviceSettings, uiSettings } from './start/service-settings.ts';
import { serviceSpecs } from './start/service-specs.ts';
import { authHost, stackEnvironment } from './start/stack-environment.ts';
import { scheduledBackups } from './backup/scheduled-backups.ts';
import type { StackOptions } from './start/stack-options.ts';
import { stackReport, type Stack } from './start/stack-report.ts';
import { startAuthEmulator, startTools } from './start/start-tools.ts';

/**
 * The product as a system (docs/architecture.md §2): each server its own OS process,
 * started in dependency order (the auth emulator, Postgres, payment sandbox and SMTP sink
 * together; then the command-service, the projector(s), the mailer, the outbox relay in the Kafka
 * mode, the reminder scheduler, the query-service and the UI), then the building and the demo
 * accounts are seeded through the commands. `stop()` stops all, in reverse.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const env = stackEnvironment(options);
  mkdirSync(env.dataDir, { recursive: true });
  await assertStackPortsFree(env.ports, {
    database: Boolean(env.outsideDatabase),
    smtp: !env.localMailbox,
    kafka: env.kafkaMode,
    projectors: env.projectorCount,
  });

  const group = serverGroup(options);
  let authStarting: Promise<unknown> = Promise.resolve();
  try {
    const secrets = stackSecrets(env.dataDir);
    authStarting = startAuthEmulator(env, group);
    const tools = await startTools(env, group, secrets.webhook);
    const settings = serviceSettings(env, secrets, tools);
    const config = loadConfig(settings);
    await group.runAll(serviceSpecs(env, settings, uiSettings(env, tools)));
    await seedStack(env, tools.databaseUrl, config, group, authStarting);
    const backups = scheduledBackups({
      env: env.outside,
      databaseUrl: tools.databaseUrl,
      emulator: { host: authHost(env), projectId: env.projectId },
      log: options.log ?? (() => {}),
    });
    return stackReport(env, tools, config, {
      servers: group.servers,
      async stop() {
        await backups?.stop();
        await group.stop();
      },
    });
  } catch (error) {
    await authStarting.catch(() => undefined);
    await group.stop();
    throw error;
  }
}
