import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listPage, messagePage } from './mailbox-pages.ts';
import { summaryOf, type Mailbox } from './mailbox.ts';

const securityHeaders = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
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
const problem = (res: ServerResponse, status: number, title: string, detail: string) =>
  json(res, status, { title, status, detail });

/**
 * The names a loopback listener answers to. Any other `Host` is a page on some other site reaching
 * this one through DNS rebinding (its name resolved to 127.0.0.1): refused, so no other site reads
 * the mailbox.
 */
const loopbackHost = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** The path's segments, decoded; null when one is not valid percent-encoded UTF-8. */
function segmentsOf(path: string): string[] | null {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * The mailbox's page and JSON API, read-only (a demo tool: nothing is deleted over HTTP):
 * - `GET /` the list, `GET /messages/:id` one email (HTML);
 * - `GET /api/messages` (newest first), `GET /api/messages/:id` (with its text),
 *   `GET /api/messages/:id/attachments/:index` (the bytes).
 * It answers only to a loopback `Host`, and no path, however malformed, brings it down.
 */
export function createMailboxServer(mailbox: Mailbox) {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    try {
      serve(mailbox, req, res);
    } catch (error) {
      if (!res.headersSent) problem(res, 500, 'Internal Server Error', String(error));
      else res.destroy();
    }
  });
}

function serve(mailbox: Mailbox, req: IncomingMessage, res: ServerResponse) {
  if (!loopbackHost.test(req.headers.host ?? ''))
    return problem(res, 421, 'Misdirected Request', 'the mailbox answers only to a loopback address');
  const path = (req.url ?? '/').split('?')[0]!;
  const parts = segmentsOf(path);
  if (!parts) return problem(res, 400, 'Bad Request', 'the path is not valid percent-encoded UTF-8');
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD')
    return problem(res, 405, 'Method Not Allowed', 'the mailbox is read-only');
  if (parts.length === 0) return send(res, 200, 'text/html; charset=utf-8', listPage(mailbox.list()));
  if (parts[0] === 'messages' && parts.length === 2) {
    const mail = mailbox.find(parts[1]!);
    return mail
      ? send(res, 200, 'text/html; charset=utf-8', messagePage(mail))
      : notFound(res, `no email ${parts[1]}`);
  }
  if (parts[0] === 'api' && parts[1] === 'messages') {
    if (parts.length === 2) return json(res, 200, mailbox.list().map(summaryOf));
    const mail = parts[2] === undefined ? undefined : mailbox.find(parts[2]);
    if (parts.length >= 3 && !mail) return notFound(res, `no email ${parts[2]}`);
    if (parts.length === 3) {
      const { contents: _contents, ...rest } = mail!;
      return json(res, 200, rest);
    }
    if (parts.length === 5 && parts[3] === 'attachments') {
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
  return notFound(res, `no page ${path}`);
}
