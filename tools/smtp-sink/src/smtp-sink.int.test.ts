import { mkdtempSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type RunningSmtpSink } from './start-smtp-sink.ts';

describe('the SMTP sink', () => {
  let sink: RunningSmtpSink | undefined;
  afterEach(async () => {
    await sink?.stop();
    sink = undefined;
  });
  const send = (smtpUrl: string, subject: string) =>
    nodemailer.createTransport(smtpUrl).sendMail({
      from: 'Building <no-reply@building.test>',
      to: 'ana@building.test',
      subject,
      text: 'Hello Ana',
      attachments: [{ filename: 'note.txt', content: Buffer.from('attached'), contentType: 'text/plain' }],
    });
  const get = async (url: string) => {
    const response = await fetch(url);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.text(),
    };
  };

  it('keeps what it receives and serves it as a page and JSON, attachments included', async () => {
    sink = await startSmtpSink({ smtpPort: 0, mailboxPort: 0 });
    await send(sink.smtpUrl, 'First <news>');
    await send(sink.smtpUrl, 'Second');
    const list = JSON.parse((await get(`${sink.mailboxUrl}/api/messages`)).body);
    expect(list.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First <news>']);
    expect(list[0]).toMatchObject({
      from: 'no-reply@building.test',
      to: ['ana@building.test'],
      attachments: [{ index: 0, filename: 'note.txt', contentType: 'text/plain', size: 8 }],
    });
    const one = JSON.parse((await get(`${sink.mailboxUrl}/api/messages/${list[1].id}`)).body);
    expect(one.text.trim()).toBe('Hello Ana');
    const attachment = await get(`${sink.mailboxUrl}/api/messages/${list[1].id}/attachments/0`);
    expect(attachment).toMatchObject({ status: 200, type: 'text/plain', body: 'attached' });

    const page = await get(`${sink.mailboxUrl}/`);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('First &#60;news&#62;');
    expect(page.body).not.toContain('<news>');
    expect((await get(`${sink.mailboxUrl}/messages/${list[0].id}`)).body).toContain('note.txt');
  });

  it('answers 404 for an unknown email, attachment or page', async () => {
    sink = await startSmtpSink({ smtpPort: 0, mailboxPort: 0 });
    await send(sink.smtpUrl, 'Only');
    const [only] = sink.mailbox.list();
    for (const path of [
      '/api/messages/nope',
      `/api/messages/${only!.id}/attachments/7`,
      '/messages/nope',
      '/other',
    ])
      expect((await get(`${sink.mailboxUrl}${path}`)).status).toBe(404);
  });

  it('keeps the emails across a restart when given a folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailbox-'));
    sink = await startSmtpSink({ smtpPort: 0, mailboxPort: 0, dir });
    await send(sink.smtpUrl, 'Kept');
    await sink.stop();
    sink = await startSmtpSink({ smtpPort: 0, mailboxPort: 0, dir });
    expect(sink.mailbox.list().map((m) => m.subject)).toEqual(['Kept']);
  });

  /** A raw request: fetch would neither send a malformed path as is nor let us choose the Host. */
  const raw = (url: string, path: string, options: { method?: string; host?: string } = {}) =>
    new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
      const { hostname, port } = new URL(url);
      const req = request(
        {
          hostname,
          port,
          path,
          method: options.method ?? 'GET',
          headers: { host: options.host ?? `${hostname}:${port}` },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('is a demo tool: read-only, loopback names only, not framed, and no path brings it down', async () => {
    sink = await startSmtpSink({ smtpPort: 0, mailboxPort: 0 });
    await send(sink.smtpUrl, 'Before');
    for (const path of ['/%', '/messages/%E0%A4%A', '/api/messages/%ff', '/api/%'])
      expect((await raw(sink.mailboxUrl, path)).status).toBe(400);
    // Still up, SMTP included.
    await send(sink.smtpUrl, 'After');

    expect((await raw(sink.mailboxUrl, '/api/messages', { method: 'DELETE' })).status).toBe(405);
    expect(sink.mailbox.list().map((m) => m.subject)).toEqual(['After', 'Before']);

    // A page of another site whose name resolves to 127.0.0.1 (DNS rebinding) reads nothing.
    for (const host of ['evil.example', 'evil.example:8025', '127.0.0.1.evil.example'])
      expect((await raw(sink.mailboxUrl, '/api/messages', { host })).status).toBe(421);
    const port = new URL(sink.mailboxUrl).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'localhost'])
      expect((await raw(sink.mailboxUrl, '/api/messages', { host })).status).toBe(200);

    const page = await raw(sink.mailboxUrl, '/');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('refuses to listen beyond loopback unless DEMO_MAILBOX=1 says this is a demo', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, SMTP_SINK_HOST: '0.0.0.0', SMTP_SINK_PORT: '0', MAILBOX_PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/refusing to listen on 0\.0\.0\.0.*DEMO_MAILBOX=1/s);
  });
});
