import { describe, expect, it } from 'vitest';
import { loadConfig } from '@building/infra/config';
import { portsFromConfig } from '../stack-ports.ts';
import { readyBanner } from './ready-banner.ts';
import { stackEnvironment } from './stack-environment.ts';
import { stackReport } from './stack-report.ts';

const ports = portsFromConfig(loadConfig({}));
const environment = (env: Record<string, string>) =>
  stackEnvironment({ dataDir: '/tmp/building', ports, env });

/** The auth emulator and the SMTP sink are demo tools, and the start says so or keeps them out. */
describe('the demo tools of npm start', () => {
  it('runs the mailbox in the embedded mode unless SMTP_URL points elsewhere', () => {
    expect(environment({}).localMailbox).toBe(true);
    expect(environment({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).localMailbox).toBe(false);
  });

  it('runs no mailbox in the distributed mode unless asked, and refuses to start with nowhere to send', () => {
    const kafka = { KAFKA_BROKERS: '127.0.0.1:9092' };
    expect(() => environment(kafka)).toThrow(/SMTP_URL.*DEMO_MAILBOX=1/);
    expect(environment({ ...kafka, DEMO_MAILBOX: '1' }).localMailbox).toBe(true);
    expect(environment({ ...kafka, SMTP_URL: 'smtp://mail.example.com:587' }).localMailbox).toBe(false);
  });

  it('says in its ready banner that the identity provider and the mailbox are demos', () => {
    const env = environment({});
    const tools = {
      databaseUrl: 'postgres://x',
      sandboxUrl: 'http://127.0.0.1:12111',
      smtpUrl: 'smtp://127.0.0.1:2525',
    };
    const stack = stackReport(env, tools, loadConfig({}), { servers: [], stop: async () => {} });
    const banner = readyBanner(stack, { seconds: '1.0', mode: 'production' });
    expect(banner).toMatch(/identity +DEMO: the Firebase Auth emulator at http:\/\/127\.0\.0\.1:9099/);
    expect(banner).toMatch(/anyone who reaches it can sign in as any account/);
    expect(banner).toMatch(/mailbox +http:\/\/127\.0\.0\.1:8025 +\(demo: the emails sent/);
    expect(banner).toMatch(
      /metrics +command-service 4001, query-service 4002, projector 9410, mailer 9421, reminder-scheduler 9422/,
    );
  });
});
