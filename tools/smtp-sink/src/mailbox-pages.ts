import type { Mail } from './mailbox.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const style = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1f2937; background: #f9fafb; }
  header { background: #1e3a5f; color: #fff; padding: 0.75rem 1rem; }
  header a { color: #fff; text-decoration: none; font-weight: 600; }
  main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
  ul { list-style: none; padding: 0; margin: 0; }
  li a { display: block; padding: 0.75rem; margin-bottom: 0.5rem; background: #fff; border: 1px solid #e5e7eb;
    border-radius: 6px; color: inherit; text-decoration: none; overflow-wrap: anywhere; }
  li a:hover, li a:focus { border-color: #1e3a5f; }
  .subject { font-weight: 600; display: block; }
  .meta { color: #4b5563; font-size: 0.875rem; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #e5e7eb;
    border-radius: 6px; padding: 1rem; font-family: inherit; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; overflow-wrap: anywhere; }
  dt { font-weight: 600; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${style}</style>
</head>
<body>
<header><a href="/">Mailbox</a></header>
<main>
${body}
</main>
</body>
</html>`;
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** Every email received, newest first. */
export function listPage(mails: readonly Mail[]): string {
  const items = mails.map(
    (m) => `<li><a href="/messages/${encodeURIComponent(m.id)}">
  <span class="subject">${escape(m.subject || '(no subject)')}</span>
  <span class="meta">to ${escape(m.to.join(', '))} · ${when(m.receivedAt)}${
    m.attachments.length > 0 ? ` · ${m.attachments.length} attachment(s)` : ''
  }</span></a></li>`,
  );
  const body =
    mails.length === 0
      ? '<h1>Mailbox</h1><p>No emails yet.</p>'
      : `<h1>Mailbox</h1><p>${mails.length} email(s)</p><ul>${items.join('\n')}</ul>`;
  return page('Mailbox', body);
}

/** One email: its headers, its text and links to its attachments. */
export function messagePage(mail: Mail): string {
  const attachments = mail.attachments.map(
    (a) =>
      `<li><a href="/api/messages/${encodeURIComponent(mail.id)}/attachments/${a.index}">${escape(a.filename)}</a>
  <span class="meta">${escape(a.contentType)}, ${a.size} bytes</span></li>`,
  );
  return page(
    mail.subject || 'Email',
    `<h1>${escape(mail.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${escape(mail.from)}</dd><dt>To</dt><dd>${escape(mail.to.join(', '))}</dd>
<dt>Received</dt><dd>${when(mail.receivedAt)}</dd></dl>
<pre>${escape(mail.text)}</pre>
${attachments.length > 0 ? `<h2>Attachments</h2><ul>${attachments.join('\n')}</ul>` : ''}`,
  );
}
