import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listPage, messagePage } from './mailbox-pages.ts';
import { summaryOf, type Mailbox } from './mailbox.ts';

const securityHeaders = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function send(res: ServerResponse, status: number, type: string, body: string | Buffer) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...securityHeaders });
  res.end(body);
}
const json = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
const notFound = (res: ServerResponse, detail: string) =>
  json(res, 404, { title: 'Not Found', status: 404, detail });

/**
 * The mailbox's page and JSON API:
 * - `GET /` the list, `GET /messages/:id` one email (HTML);
 * - `GET /api/messages` (newest first), `GET /api/messages/:id` (with its text),
 *   `GET /api/messages/:id/attachments/:index` (the bytes), `DELETE /api/messages` (empty it).
 */
export function createMailboxServer(mailbox: Mailbox) {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://mailbox').pathname;
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? 'GET';
    const read = method === 'GET' || method === 'HEAD';
    if (parts.length === 0 && read)
      return send(res, 200, 'text/html; charset=utf-8', listPage(mailbox.list()));
    if (parts[0] === 'messages' && parts.length === 2 && read) {
      const mail = mailbox.find(parts[1]!);
      return mail
        ? send(res, 200, 'text/html; charset=utf-8', messagePage(mail))
        : notFound(res, `no email ${parts[1]}`);
    }
    if (parts[0] === 'api' && parts[1] === 'messages') {
      if (parts.length === 2 && read) return json(res, 200, mailbox.list().map(summaryOf));
      if (parts.length === 2 && method === 'DELETE')
        return void mailbox.clear().then(
          () => json(res, 200, { deleted: true }),
          (error: unknown) => json(res, 500, { title: 'Internal Server Error', detail: String(error) }),
        );
      const mail = parts[2] === undefined ? undefined : mailbox.find(parts[2]);
      if (parts.length >= 3 && !mail) return notFound(res, `no email ${parts[2]}`);
      if (parts.length === 3 && read) {
        const { contents: _contents, ...rest } = mail!;
        return json(res, 200, rest);
      }
      if (parts.length === 5 && parts[3] === 'attachments' && read) {
        const index = /^\d{1,3}$/.test(parts[4]!) ? Number(parts[4]) : -1;
        const attachment = mail!.attachments[index];
        if (!attachment) return notFound(res, `email ${mail!.id} has no attachment ${parts[4]}`);
        res.setHeader(
          'Content-Disposition',
          `inline; filename="${attachment.filename.replace(/["\\\r\n]/g, '_')}"`,
        );
        return send(res, 200, attachment.contentType, mail!.contents[index]!);
      }
    }
    if (!read && method !== 'DELETE') return json(res, 405, { title: 'Method Not Allowed', status: 405 });
    return notFound(res, `no page ${path}`);
  });
}
