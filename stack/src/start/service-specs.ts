import { entries, repo } from '../server-entries.ts';
import { answersHttp, logsLine } from '../supervisor/readiness.ts';
import type { ServerSpec } from '../supervisor/supervised-server.ts';
import { uiDistDir } from '../ui-build.ts';
import { host, url, type StackEnvironment } from './stack-environment.ts';

/**
 * The product's servers, started together once the tools are up (each takes its own migration
 * lock): the command-service, the outbox relay in the Kafka mode, the projector(s), the reminder
 * scheduler, the mailer, the query-service and the UI.
 */
export function serviceSpecs(
  env: StackEnvironment,
  settings: Record<string, string>,
  ui: Record<string, string>,
): ServerSpec[] {
  const { ports, nodeArgs, kafkaMode } = env;
  const backend = (
    name: string,
    entry: string,
    ready: ServerSpec['ready'],
    own: Record<string, string> = {},
  ): ServerSpec => ({
    name,
    entry,
    env: { ...settings, ...own },
    ready,
    nodeArgs,
  });
  const { metrics } = ports;
  const projectors = Array.from({ length: env.projectorCount }, (_, index) =>
    backend(
      env.projectorCount > 1 ? `projector-${index + 1}` : 'projector',
      entries.projector,
      logsLine(/\[projector\] running/),
      { METRICS_PORT_PROJECTOR: String(metrics.projector + index) },
    ),
  );
  return [
    {
      ...backend('command-service', entries.command, answersHttp(`${url(ports.command)}/`)),
      env: { ...settings, ...(kafkaMode ? { OUTBOX_RELAY: 'off' } : {}) },
    },
    ...(kafkaMode
      ? [
          backend('outbox-relay', entries.relay, logsLine(/relaying/), {
            METRICS_PORT_OUTBOX_RELAY: String(metrics.relay),
          }),
        ]
      : []),
    ...projectors,
    backend('reminder-scheduler', entries.reminders, logsLine(/\[reminder-scheduler\] running/), {
      METRICS_PORT_REMINDERS: String(metrics.reminders),
    }),
    backend('mailer', entries.mailer, logsLine(/\[mailer\] running/), {
      METRICS_PORT_MAILER: String(metrics.mailer),
    }),
    backend('query-service', entries.query, answersHttp(`${url(ports.query)}/health`)),
    uiSpec(env, ui),
  ];
}

/** The production build on the UI server, or Vite's dev server under `npm run dev`. */
function uiSpec(env: StackEnvironment, ui: Record<string, string>): ServerSpec {
  const port = String(env.ports.ui);
  const ready = answersHttp(`${url(env.ports.ui)}/`);
  if (env.mode === 'production')
    return {
      name: 'ui',
      entry: entries.ui,
      env: { ...env.base, ...ui, HOST: host, UI_PORT: port, UI_DIST_DIR: uiDistDir },
      ready,
    };
  return {
    name: 'vite',
    entry: entries.vite,
    args: ['--host', host, '--port', port, '--strictPort'],
    cwd: repo('ui'),
    // vite.config.ts answers CORS for these origins only.
    env: { ...env.base, ...ui, UI_ORIGINS: env.uiOrigins },
    ready,
  };
}
