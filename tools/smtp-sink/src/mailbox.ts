import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface StoredAttachment {
  index: number;
  filename: string;
  contentType: string;
  size: number;
}

/** One received email as the mailbox lists it. */
export interface MailSummary {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  attachments: StoredAttachment[];
}

export interface Mail extends MailSummary {
  text: string;
  /** The attachments' bytes, by index. */
  contents: Buffer[];
}

const addresses = (field: ParsedMail['to']): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.map((v) => v.address ?? '').filter(Boolean),
  );

async function parse(id: string, raw: Buffer, envelopeTo: string[]): Promise<Mail> {
  const parsed = await simpleParser(raw);
  const attachments = parsed.attachments.map((a, index) => ({
    index,
    filename: a.filename ?? `attachment-${index + 1}`,
    contentType: a.contentType,
    size: a.size,
  }));
  const headerTo = addresses(parsed.to);
  return {
    id,
    receivedAt: new Date(Number(id.split('-')[0])).toISOString(),
    from: parsed.from?.value[0]?.address ?? '',
    to: headerTo.length > 0 ? headerTo : envelopeTo,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    attachments,
    contents: parsed.attachments.map((a) => a.content),
  };
}

/**
 * The received emails: kept in memory for the page and the API, and each written as its raw
 * message (`<id>.eml`) to `dir` when one is given, so the mailbox survives a restart.
 */
export async function openMailbox(dir?: string) {
  const mails: Mail[] = [];
  let counter = 0;
  if (dir) {
    await mkdir(dir, { recursive: true });
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
    for (const file of files) {
      const id = file.slice(0, -4);
      mails.push(await parse(id, await readFile(join(dir, file)), []));
    }
  }
  return {
    async receive(raw: Buffer, envelopeTo: string[]): Promise<Mail> {
      // Time first, so file names sort in arrival order; the counter keeps same-millisecond ids apart.
      const id = `${Date.now()}-${String(counter++).padStart(6, '0')}`;
      const mail = await parse(id, raw, envelopeTo);
      if (dir) await writeFile(join(dir, `${id}.eml`), raw);
      mails.push(mail);
      return mail;
    },
    /** Newest first. */
    list(): Mail[] {
      return [...mails].reverse();
    },
    find(id: string): Mail | undefined {
      return mails.find((m) => m.id === id);
    },
  };
}
export type Mailbox = Awaited<ReturnType<typeof openMailbox>>;

export const summaryOf = ({ text: _text, contents: _contents, ...summary }: Mail): MailSummary => summary;
