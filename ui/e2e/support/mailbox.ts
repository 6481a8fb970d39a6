import { z } from 'zod';

const summary = z.object({
  id: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});
export type MailSummary = z.infer<typeof summary>;

/**
 * Waits until the stack's mailbox (the local SMTP sink's JSON API) holds an email to `to` whose
 * subject matches, and returns it. The mailer sends after the event is in the store, so a journey
 * polls rather than expects it at once.
 */
export async function waitForEmail(
  mailboxUrl: string,
  to: string,
  subject: RegExp,
  timeoutMs = 20_000,
): Promise<MailSummary> {
  const deadline = Date.now() + timeoutMs;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    const list = z.array(summary).parse(await (await fetch(`${mailboxUrl}/api/messages`)).json());
    const mine = list.filter((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()));
    const found = mine.find((m) => subject.test(m.subject));
    if (found) return found;
    seen = mine.map((m) => m.subject);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${to} matching ${subject} (their subjects: ${seen.join(' | ') || 'none'})`);
}
