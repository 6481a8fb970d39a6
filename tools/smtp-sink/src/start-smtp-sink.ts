import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailboxServer } from './mailbox-server.ts';
import { openMailbox, type Mailbox } from './mailbox.ts';

export const defaultSmtpPort = 2525;
export const defaultMailboxPort = 8025;

export interface RunningSmtpSink {
  /** Where to send: `smtp://host:port`. */
  smtpUrl: string;
  /** The mailbox page (and `/api/messages`). */
  mailboxUrl: string;
  mailbox: Mailbox;
  stop(): Promise<void>;
}

/** Messages larger than this are refused (the receipts are a few kilobytes). */
const maxMessageBytes = 10 * 1024 * 1024;

/**
 * A local SMTP server that accepts every message (no auth, no TLS: it listens on loopback for
 * the demo) and keeps it in the mailbox, served as a page and JSON on its own port.
 */
export async function startSmtpSink(
  options: {
    host?: string;
    smtpPort?: number;
    mailboxPort?: number;
    dir?: string;
    log?: (line: string) => void;
  } = {},
): Promise<RunningSmtpSink> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const mailbox = await openMailbox(options.dir);
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxMessageBytes,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('message too large'), { responseCode: 552 }));
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address);
        mailbox.receive(Buffer.concat(chunks), to).then(
          (mail) => {
            log(`received '${mail.subject}' for ${mail.to.join(', ')}`);
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  const web = createMailboxServer(mailbox);
  const listen = (
    server: { listen: (port: number, host: string, done: () => void) => unknown },
    port: number,
  ) =>
    new Promise<void>((resolve, reject) => {
      (server as unknown as NodeJS.EventEmitter).once('error', reject);
      server.listen(port, host, () => resolve());
    });
  await listen(smtp, options.smtpPort ?? defaultSmtpPort);
  try {
    await listen(web, options.mailboxPort ?? defaultMailboxPort);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const mailboxPort = (web.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    mailboxUrl: `http://${host}:${mailboxPort}`,
    mailbox,
    async stop() {
      web.closeAllConnections();
      await new Promise<void>((resolve) => web.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
