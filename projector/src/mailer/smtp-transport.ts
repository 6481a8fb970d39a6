import nodemailer from 'nodemailer';
import type { SendEmail } from './mailer.ts';

/** Sends through nodemailer to `smtpUrl` (`smtp://user:pass@host:port`, or `smtps://` for TLS). */
export function smtpSender(smtpUrl: string, from: string): { send: SendEmail; close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (email) => {
      const info = await transport.sendMail({ from, ...email });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
