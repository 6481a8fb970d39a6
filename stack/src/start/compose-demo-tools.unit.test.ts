import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const compose = readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8');

/** The service's block of docker-compose.yml: from its name to the next service. */
const service = (name: string) => {
  const start = compose.indexOf(`\n  ${name}:\n`);
  expect(start, `${name} in docker-compose.yml`).toBeGreaterThan(0);
  const rest = compose.slice(start + 1);
  const end = rest.slice(1).search(/\n {2}[\w-]+:\n/);
  return end < 0 ? rest : rest.slice(0, end + 1);
};
const published = (block: string) => /ports: \[([^\]]*)\]/.exec(block)?.[1] ?? '';

/** docker-compose is the deployable mode: the demo stand-ins are opt-in and not on the network. */
describe('docker-compose.yml and the demo tools', () => {
  it('publishes the auth emulator and the mailbox on loopback only', () => {
    expect(published(service('auth-emulator'))).toBe("'127.0.0.1:9099:9099'");
    expect(published(service('smtp-sink'))).toBe("'127.0.0.1:8025:8025'");
  });

  it('publishes nothing on every address but the product itself (the UI and the two services)', () => {
    const everyPort = [...compose.matchAll(/ports: \[([^\]]*)\]/g)].flatMap((m) =>
      m[1]!.split(',').map((p) => p.trim().replaceAll("'", '')),
    );
    expect(everyPort.length).toBeGreaterThan(0);
    const open = everyPort.filter((p) => !p.startsWith('127.0.0.1:'));
    expect(open.sort()).toEqual(['4001:4001', '4002:4002', '5173:5173']);
    // The data stores and the demo tools, each on loopback.
    for (const name of ['postgres', 'redis', 'kafka', 'payment-sandbox', 'prometheus', 'grafana'])
      expect(published(service(name)), name).toMatch(/^'127\.0\.0\.1:\d+:\d+'$/);
  });

  it('hands DEMO_IDENTITY to the services and DEMO_MAILBOX to the sink, unset by default', () => {
    expect(compose).toMatch(/\n {4}DEMO_IDENTITY: \$\{DEMO_IDENTITY:-\}\n/);
    expect(service('smtp-sink')).toMatch(/\n {6}DEMO_MAILBOX: \$\{DEMO_MAILBOX:-\}\n/);
  });
});
